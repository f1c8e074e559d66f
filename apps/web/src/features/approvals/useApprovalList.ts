/** The /approvalCenter list as a headless hook: filters and page from the URL, the page from the server. */
import { useCallback } from 'react';
import { useUrlList } from '../../platform/list/useUrlList';
import { APPROVAL_KEYS, listApprovals } from './api';
import { type ApprovalFilters, approvalSearch, parseApprovalParams } from './approvalQuery';

const SPEC = {
  parse: parseApprovalParams,
  serialize: approvalSearch,
  queryKey: APPROVAL_KEYS.list,
  fetch: listApprovals,
};

export const useApprovalList = () => {
  const list = useUrlList(SPEC);
  const { go, params } = list;
  /** 查询: new filters start at the first page. */
  const applyFilters = useCallback(
    (filters: ApprovalFilters) => go({ ...filters, pageNo: 1, pageSize: params.pageSize }),
    [go, params.pageSize],
  );
  /** 重置: every filter cleared. */
  const reset = useCallback(() => go({ pageNo: 1, pageSize: params.pageSize }), [go, params.pageSize]);
  return { ...list, applyFilters, reset };
};
