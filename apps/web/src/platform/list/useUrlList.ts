/**
 * A server-paged list whose filters and page live in the URL, as a headless hook: the params
 * come from the location, the rows from the server (the previous page stays while the next
 * loads), and every change is a navigation. Pages render what it answers with antd.
 */

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@zb/contract/api/paging';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tablePagination } from './pagination';
import { nextPaging, type Paging } from './paging';

export interface UrlListSpec<P extends Paging, Row> {
  parse: (search: URLSearchParams) => P;
  /** The query string of a state, with its leading `?` (or empty). */
  serialize: (params: P) => string;
  queryKey: (params: P) => readonly unknown[];
  fetch: (params: P) => Promise<Page<Row>>;
}

export const useUrlList = <P extends Paging, Row>(spec: UrlListSpec<P, Row>) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { parse, serialize, queryKey, fetch } = spec;
  const params = useMemo(() => parse(new URLSearchParams(search)), [parse, search]);
  const query = useQuery({
    queryKey: queryKey(params),
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
  });
  const go = useCallback((next: P) => navigate({ pathname, search: serialize(next) }), [navigate, pathname, serialize]);
  const setPage = useCallback(
    (pageNo: number, pageSize: number) => go({ ...params, ...nextPaging(params, pageNo, pageSize) }),
    [go, params],
  );
  const total = query.data?.total ?? 0;
  return {
    params,
    rows: query.data?.list ?? [],
    total,
    loading: query.isFetching,
    go,
    setPage,
    /** The table's pagination: 共 N 条, the page sizes of the contract. */
    pagination: tablePagination(params, total, setPage),
  };
};
