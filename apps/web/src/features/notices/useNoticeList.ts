/** The /taskCenterBoss list as a headless hook: params from the URL, the page from the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_KEYS, searchNotices } from '../../platform/notices/api';
import { isReadOf, type NoticeListParams, noticeSearch, parseNoticeParams, type ReadFilter } from './noticeQuery';

export const useNoticeList = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => parseNoticeParams(new URLSearchParams(search)), [search]);
  const isRead = isReadOf(params.filter);
  const query = useQuery({
    queryKey: NOTICE_KEYS.list(isRead, params.pageNo, params.pageSize),
    queryFn: () => searchNotices(isRead, params.pageNo, params.pageSize),
    placeholderData: keepPreviousData,
  });

  const go = useCallback(
    (next: NoticeListParams) => navigate({ pathname, search: noticeSearch(next) }),
    [navigate, pathname],
  );
  const setFilter = useCallback((filter: ReadFilter) => go({ ...params, filter, pageNo: 1 }), [go, params]);
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
    setFilter,
    setPage,
  };
};
