/**
 * The report page's headless logic: presets, the URL state and the queries it sends, drill-down
 * addresses, the grouped headers, the totals row, the summary figures and the chart's option.
 */
import { groupingOf } from '@zb/contract/report/define';
import { MEMBER_BALANCE } from '@zb/contract/reports/members';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption';
import { drillHref } from './drill';
import { presetRange } from './presets';
import { headerTree, reportTableColumns, shownColumns, summaryFigures, totalsCells } from './reportColumns';
import {
  missingRequired,
  parseReportParams,
  reportChartQuery,
  reportExportQuery,
  reportListQuery,
  reportSearch,
  shownFilters,
} from './reportParams';
import { MEMBER_CARDS, SALES } from './testReports';

const TODAY = '2026-03-15';
const parse = (qs: string) => parseReportParams(SALES, new URLSearchParams(qs), TODAY);

describe('period presets', () => {
  it('fills the days each preset covers, across month and year ends', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7Days', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('last30Days', TODAY)).toEqual({ from: '2026-02-14', to: TODAY });
    expect(presetRange('thisMonth', TODAY)).toEqual({ from: '2026-03-01', to: TODAY });
    expect(presetRange('lastMonth', '2026-01-20')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('thisYear', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
  });
});

describe('a report in the URL', () => {
  it('opens with the period preset, the first grouping and the default sort', () => {
    const p = parse('');
    expect(p.filters).toEqual({ dayFrom: '2026-03-01', dayTo: TODAY });
    expect(p.groupBy).toBeUndefined();
    expect(groupingOf(SALES, p.groupBy).key).toBe('store');
    expect(p.sortBy).toBeUndefined();
    expect(reportListQuery(p)).toEqual({ dayFrom: '2026-03-01', dayTo: TODAY, pageNo: 1, pageSize: 10 });
  });

  it('keeps the days, grouping, sort and page it was given, and drops malformed values', () => {
    const p = parse(
      'dayFrom=2026-01-01&dayTo=2026-01-31&storeId=7&kind=out&goods=%20面膜%20&groupBy=month&sortBy=outAmount&sortDir=asc&pageNo=3&pageSize=20',
    );
    expect(p).toEqual({
      filters: { dayFrom: '2026-01-01', dayTo: '2026-01-31', storeId: '7', kind: 'out', goods: '面膜' },
      groupBy: 'month',
      sortBy: 'outAmount',
      sortDir: 'asc',
      pageNo: 3,
      pageSize: 20,
    });
    const bad = parse('dayFrom=2026-1-1&storeId=x&kind=sideways&groupBy=nope&sortBy=storeId&pageNo=-1');
    // A malformed start counts as not given: the other end is absent too, so the preset fills both.
    expect(bad.filters).toEqual({ dayFrom: '2026-03-01', dayTo: TODAY });
    expect([bad.groupBy, bad.sortBy, bad.pageNo]).toEqual([undefined, undefined, 1]);
  });

  it('keeps one end of the period the user gave instead of the preset, and names the end missing', () => {
    const p = parse('dayTo=2026-02-10');
    expect(p.filters).toEqual({ dayTo: '2026-02-10' });
    expect(missingRequired(SALES, p)).toEqual(['日期']);
    expect(missingRequired(SALES, parse(''))).toEqual([]);
    // A fixed required filter is the embedding page's to give.
    expect(missingRequired(MEMBER_CARDS, parseReportParams(MEMBER_CARDS, new URLSearchParams(''), TODAY))).toEqual([]);
  });

  it('sorts only by a shown column of the grouping', () => {
    expect(parse('groupBy=month&sortBy=storeName&sortDir=asc').sortBy).toBeUndefined();
    expect(parse('groupBy=store&sortBy=storeName&sortDir=asc').sortBy).toBe('storeName');
  });

  it('writes back what it read, so a shared link opens the same report', () => {
    const qs = '?dayFrom=2026-01-01&dayTo=2026-01-31&storeId=7&groupBy=month&sortBy=outAmount&sortDir=desc&pageNo=2';
    const p = parse(qs.slice(1));
    expect(reportSearch(p)).toBe(qs);
    expect(parse(reportSearch(p).slice(1))).toEqual(p);
  });

  it('sends the chart and the export the same filters and grouping, without the page', () => {
    const p = parse('dayFrom=2026-01-01&dayTo=2026-01-31&groupBy=month&sortBy=outAmount&sortDir=desc&pageNo=2');
    expect(reportChartQuery(p)).toEqual({ dayFrom: '2026-01-01', dayTo: '2026-01-31', groupBy: 'month', chart: 1 });
    expect(reportExportQuery(p)).toEqual({
      dayFrom: '2026-01-01',
      dayTo: '2026-01-31',
      groupBy: 'month',
      sortBy: 'outAmount',
      sortDir: 'desc',
    });
  });

  it('never reads or shows a fixed filter; the embedding page gives it to every call', () => {
    expect(shownFilters(MEMBER_CARDS).map(([k]) => k)).toEqual(['cardNo']);
    const p = parseReportParams(MEMBER_CARDS, new URLSearchParams('memberId=99&cardNo=A1'), TODAY);
    expect(p.filters).toEqual({ cardNo: 'A1' });
    expect(reportListQuery(p, { memberId: 12 })).toEqual({ cardNo: 'A1', memberId: 12, pageNo: 1, pageSize: 10 });
    expect(reportExportQuery(p, { memberId: 12 })).toEqual({ cardNo: 'A1', memberId: 12 });
  });
});

describe('drill-down', () => {
  const drill = SALES.drill?.inAmount;
  it('opens the target with the row’s values, the current filters and fixed values', () => {
    expect(drill).toBeDefined();
    if (!drill) return;
    const href = drillHref(
      drill,
      { storeId: 7, storeName: '南京西路店', inAmount: 100 },
      { dayFrom: '2026-03-01', dayTo: TODAY },
    );
    expect(href).toBe(`/stockDetail?storeId=7&dayFrom=2026-03-01&dayTo=${TODAY}&kind=in`);
  });

  it('leaves out a filter not given, and opens nothing when the row lacks the value', () => {
    if (!drill) return;
    expect(drillHref(drill, { storeId: 7 }, {})).toBe('/stockDetail?storeId=7&kind=in');
    expect(drillHref(drill, { storeId: null }, { dayFrom: '2026-03-01' })).toBeUndefined();
    expect(drillHref(drill, { month: '2026-03-01' }, {})).toBeUndefined();
  });
});

describe('the table', () => {
  const store = groupingOf(SALES, 'store');
  const month = groupingOf(SALES, 'month');

  it('shows the grouping’s dimensions (not hidden ones) then the measures, under grouped headers', () => {
    expect(shownColumns(SALES, store).map(([k]) => k)).toEqual([
      'storeName',
      'openQty',
      'openAmount',
      'inAmount',
      'outAmount',
      'rate',
      'bills',
    ]);
    const tree = headerTree(shownColumns(SALES, month));
    expect(tree.map((n) => ('group' in n ? `${n.group}:${n.children.map((c) => c.key).join(',')}` : n.key))).toEqual([
      'month',
      '期初:openQty,openAmount',
      '本期变动:inAmount,outAmount',
      'rate',
      'bills',
    ]);
    const columns = reportTableColumns(SALES, month, parseReportParams(SALES, new URLSearchParams(''), TODAY));
    expect(columns.map((c) => c.title)).toEqual(['月份', '期初', '本期变动', '出库率', '单数']);
    const change = columns[2] as { children: { title: string; sortOrder: unknown; align?: string }[] };
    expect(change.children.map((c) => c.title)).toEqual(['入库金额', '出库金额']);
    // The default sort shows on its column until the user picks another.
    expect(change.children.map((c) => c.sortOrder)).toEqual(['descend', null]);
    expect(change.children[0]?.align).toBe('right');
  });

  it('adds up the totals row under the shown columns, 合计 first, money in 元 and a ratio as %', () => {
    const totals = { openQty: 135152, openAmount: 123456, inAmount: 500000, outAmount: 125000, rate: 2500, bills: 9 };
    expect(totalsCells(SALES, store, totals).map((c) => c.text)).toEqual([
      '合计',
      '135,152',
      '1,234.56',
      '5,000.00',
      '1,250.00',
      '25.00%',
      // 单数 is declared without a total.
      '',
    ]);
    expect(totalsCells(SALES, store, undefined)[0]?.text).toBe('合计');
    expect(summaryFigures(SALES, totals)).toEqual([
      { key: 'inAmount', label: '入库金额', text: '5,000.00' },
      { key: 'outAmount', label: '出库金额', text: '1,250.00' },
    ]);
  });
});

describe('the chart', () => {
  const rows = [
    { month: '2026-01-01', inAmount: 10000, outAmount: 2500 },
    { month: '2026-02-01', inAmount: 20000, outAmount: null },
  ];

  it('draws a measure per series over the x dimension, money in 元', () => {
    const o = chartOption(SALES, groupingOf(SALES, 'month'), rows);
    expect(o?.xAxis?.data).toEqual(['2026-01-01', '2026-02-01']);
    expect(o?.series).toEqual([
      { name: '入库金额', type: 'bar', data: [100, 200] },
      { name: '出库金额', type: 'bar', data: [25, null] },
    ]);
  });

  it('splits a series by the grouping’s other dimensions, and draws nothing when x is not grouped by', () => {
    const split = chartOption(SALES, groupingOf(SALES, 'storeMonth'), [
      { month: '2026-01-01', storeName: 'A店', inAmount: 100, outAmount: 0 },
      { month: '2026-01-01', storeName: 'B店', inAmount: 200, outAmount: 0 },
      { month: '2026-02-01', storeName: 'A店', inAmount: 300, outAmount: 0 },
    ]);
    expect(split?.series.slice(0, 2)).toEqual([
      { name: 'A店 入库金额', type: 'bar', data: [1, 3] },
      { name: 'B店 入库金额', type: 'bar', data: [2, null] },
    ]);
    expect(chartOption(SALES, groupingOf(SALES, 'store'), rows)).toBeNull();
  });

  it('names two series whose measures share a label by their header group (会员余额: 充值本金, 消费本金)', () => {
    const o = chartOption(MEMBER_BALANCE, groupingOf(MEMBER_BALANCE, 'store'), [
      { storeId: 1, storeName: 'A店', topUpAmount: 12345, consumeAmount: 600 },
    ]);
    expect(o?.series).toEqual([
      { name: '充值本金', type: 'bar', data: [123.45] },
      { name: '消费本金', type: 'bar', data: [6] },
    ]);
  });
});
