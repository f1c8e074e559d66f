/** The /taskCenterBoss list as a headless hook: the read filter and page from the URL, the page from the server. */
import { useCallback } from 'react';
import { useUrlList } from '../../platform/list/useUrlList';
import { NOTICE_KEYS, searchNotices } from '../../platform/notices/api';
import { isReadOf, type NoticeListParams, noticeSearch, parseNoticeParams, type ReadFilter } from './noticeQuery';

const SPEC = {
  parse: parseNoticeParams,
  serialize: noticeSearch,
  queryKey: (p: NoticeListParams) => NOTICE_KEYS.list(isReadOf(p.filter), p.pageNo, p.pageSize),
  fetch: (p: NoticeListParams) => searchNotices(isReadOf(p.filter), p.pageNo, p.pageSize),
};

export const useNoticeList = () => {
  const list = useUrlList(SPEC);
  const { go, params } = list;
  const setFilter = useCallback((filter: ReadFilter) => go({ ...params, filter, pageNo: 1 }), [go, params]);
  return { ...list, setFilter };
};
