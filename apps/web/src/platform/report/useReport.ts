/**
 * A report's data, headless: its state (in the URL for a report page, in the component for a view
 * embedded in a tab, whose page owns the URL), the list call (rows, 共 N 条, the totals row) and
 * the chart call (`chart=1`), and the changes a user makes (查询, 重置, 统计维度, sort, page).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportApi } from '@zb/contract/report/api';
import { type AnyReport, groupingOf, type ReportRow } from '@zb/contract/report/define';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../http';
import { tablePagination } from '../list/pagination';
import { nextPaging } from '../list/paging';
import type { SortDir } from '../resource/listParams';
import { chartShown } from './chartOption';
import { todayOnServer } from './presets';
import {
  type FixedFilters,
  missingRequired,
  parseReportParams,
  type ReportParams,
  reportChartQuery,
  reportListQuery,
  reportSearch,
} from './reportParams';

/** The prefix of every query of a report (its list and chart calls). */
export const reportKey = (decl: Pick<AnyReport, 'name'>) => ['report', decl.name] as const;

/** The state of a report: the URL's (a page), or the component's own (an embedded view). */
const useReportState = (decl: AnyReport, embedded: boolean) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [own, setOwn] = useState('');
  // The preset's today is the day the page was opened: a page left open past midnight keeps its days.
  const [today] = useState(todayOnServer);
  const current = embedded ? own : search;
  const params = useMemo(() => parseReportParams(decl, new URLSearchParams(current), today), [decl, current, today]);
  const go = useCallback(
    (next: ReportParams) => {
      const s = reportSearch(next);
      if (embedded) setOwn(s);
      else navigate({ pathname, search: s });
    },
    [embedded, navigate, pathname],
  );
  return { params, go };
};

export interface UseReportOptions {
  fixed?: FixedFilters;
  /** State kept in the component instead of the URL. */
  embedded?: boolean;
}

export const useReport = (decl: AnyReport, { fixed, embedded = false }: UseReportOptions = {}) => {
  const { params, go } = useReportState(decl, embedded);
  const api = reportApi(decl);
  const grouping = groupingOf(decl, params.groupBy);
  const listQuery = reportListQuery(params, fixed);
  // A required filter not given (a period the user cleared): no call the server must refuse.
  const missing = missingRequired(decl, params);
  const list = useQuery({
    queryKey: [...reportKey(decl), 'list', listQuery],
    queryFn: () => call(api.list, { query: listQuery }),
    placeholderData: keepPreviousData,
    enabled: missing.length === 0,
  });
  const showChart = chartShown(decl, grouping) && missing.length === 0;
  const chartQuery = reportChartQuery(params, fixed);
  const chart = useQuery({
    queryKey: [...reportKey(decl), 'chart', chartQuery],
    queryFn: () => call(api.list, { query: chartQuery }),
    placeholderData: keepPreviousData,
    enabled: showChart,
  });
  const queryClient = useQueryClient();

  const search = useCallback((filters: Record<string, string>) => go({ ...params, filters, pageNo: 1 }), [go, params]);
  const reset = useCallback(
    () => go({ filters: {}, groupBy: params.groupBy, pageNo: 1, pageSize: params.pageSize }),
    [go, params.groupBy, params.pageSize],
  );
  const group = useCallback(
    (groupBy: string) => go({ ...params, groupBy, sortBy: undefined, sortDir: undefined, pageNo: 1 }),
    [go, params],
  );
  const sort = useCallback(
    (sortBy: string | undefined, sortDir: SortDir | undefined) =>
      go({ ...params, sortBy: sortDir ? sortBy : undefined, sortDir, pageNo: 1 }),
    [go, params],
  );
  const setPage = useCallback(
    (pageNo: number, pageSize: number) => go({ ...params, ...nextPaging(params, pageNo, pageSize) }),
    [go, params],
  );
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: reportKey(decl) }), [queryClient, decl]);

  const data = missing.length === 0 ? list.data : undefined;
  const total = data?.total ?? 0;
  const rows: ReportRow[] = (data?.list as ReportRow[] | undefined) ?? [];
  return {
    params,
    grouping,
    /** The query of the list call (filters, fixed ones too): a drill-down reads its filters. */
    listQuery,
    rows,
    total,
    totals: data?.totals as Partial<ReportRow> | undefined,
    /** Labels of required filters not given: the page asks for them instead of calling. */
    missing,
    loading: list.isFetching,
    failed: list.isError,
    showChart,
    chartRows: (chart.data?.list as ReportRow[] | undefined) ?? [],
    chartLoading: chart.isFetching,
    pagination: tablePagination(params, total, setPage),
    search,
    reset,
    group,
    sort,
    refresh,
  };
};

export type ReportState = ReturnType<typeof useReport>;
