/** The /approvalCenter list as a headless hook: filters and page from the URL, the page from the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { APPROVAL_KEYS, listApprovals } from './api';
import { type ApprovalFilters, type ApprovalListParams, approvalSearch, parseApprovalParams } from './approvalQuery';

export const useApprovalList = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => parseApprovalParams(new URLSearchParams(search)), [search]);
  const query = useQuery({
    queryKey: APPROVAL_KEYS.list(params),
    queryFn: () => listApprovals(params),
    placeholderData: keepPreviousData,
  });

  const go = useCallback(
    (next: ApprovalListParams) => navigate({ pathname, search: approvalSearch(next) }),
    [navigate, pathname],
  );
  /** 查询: new filters start at the first page. */
  const applyFilters = useCallback(
    (filters: ApprovalFilters) => go({ ...filters, pageNo: 1, pageSize: params.pageSize }),
    [go, params.pageSize],
  );
  /** 重置: every filter cleared. */
  const reset = useCallback(() => go({ pageNo: 1, pageSize: params.pageSize }), [go, params.pageSize]);
  const setPage = useCallback(
    (pageNo: number, pageSize: number) =>
      go({ ...params, pageNo: pageSize === params.pageSize ? pageNo : 1, pageSize }),
    [go, params],
  );

  return {
    params,
    rows: query.data?.list ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    applyFilters,
    reset,
    setPage,
  };
};
