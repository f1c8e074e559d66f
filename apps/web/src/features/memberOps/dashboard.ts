/**
 * /OperationManagement 经营分析, headless: the dashboard's four report calls for a period (the
 * declarations OPS_DASHBOARD_* of contract reports/memberOps.ts — the same bindings as 会员报表,
 * 会员运营数据, 会员运营 and 会员资产, read with this page's code), and the statistic cards and
 * charts built from their answers.
 */
import { useQuery } from '@tanstack/react-query';
import { reportApi } from '@zb/contract/report/api';
import { type AnyReport, groupingOf, type MeasureDef, type ReportRow } from '@zb/contract/report/define';
import {
  OPS_DASHBOARD_ASSETS,
  OPS_DASHBOARD_MEMBERS,
  OPS_DASHBOARD_RECALL,
  OPS_DASHBOARD_TREND,
} from '@zb/contract/reports/memberOps';
import { call } from '../../platform/http';
import { chartOption } from '../../platform/report/chartOption';
import { cellText } from '../../platform/report/reportColumns';

export interface Period {
  from: string;
  to: string;
}

type Query = Record<string, string | number>;
const pageOf = (decl: AnyReport, query: Query) =>
  call(reportApi(decl).list, { query: { pageNo: 1, pageSize: 1, ...query } as never });
const chartOf = (decl: AnyReport, query: Query) =>
  call(reportApi(decl).list, { query: { chart: 1, ...query } as never });

/** The answers the dashboard reads: the totals of each report, the rows of its two charts. */
export const useOpsDashboard = ({ from, to }: Period) => {
  const period = { periodFrom: from, periodTo: to };
  return {
    members: useCall(['members', from, to], () => pageOf(OPS_DASHBOARD_MEMBERS, { ...period, groupBy: 'region' })),
    byStore: useCall(['byStore', from, to], () => chartOf(OPS_DASHBOARD_MEMBERS, { ...period, groupBy: 'store' })),
    trend: useCall(['trend', from, to], () => chartOf(OPS_DASHBOARD_TREND, { ...period, groupBy: 'day' })),
    // 待召回 is as of today: no period.
    recall: useCall(['recall'], () => pageOf(OPS_DASHBOARD_RECALL, { groupBy: 'region' })),
    assets: useCall(['assets', from, to], () => pageOf(OPS_DASHBOARD_ASSETS, { ...period, groupBy: 'region' })),
  };
};

const useCall = <T>(key: readonly string[], fn: () => Promise<T>) =>
  useQuery({ queryKey: ['opsDashboard', ...key], queryFn: fn });

export interface Figure {
  key: string;
  label: string;
  text: string;
  /** Where the figure's rows are (a report page with the period). */
  to?: string;
}

/** A totals row as the list call answers it (none before the answer). */
type Totals = Readonly<Record<string, unknown>> | null | undefined;

const measureText = (decl: AnyReport, key: string, totals: Totals) =>
  totals ? cellText(decl.measures[key] as MeasureDef, totals[key]) : '—';

/** The statistic cards, from the totals rows (the caller's stores): each as its report shows it. */
export const figuresOf = (p: Period, t: { members?: Totals; recall?: Totals; assets?: Totals }): Figure[] => {
  const q = `periodFrom=${p.from}&periodTo=${p.to}`;
  const m = (key: string): Figure => ({
    key,
    label: ((OPS_DASHBOARD_MEMBERS as AnyReport).measures[key] as MeasureDef).label,
    text: measureText(OPS_DASHBOARD_MEMBERS, key, t.members),
    to: `/memberReport?${q}`,
  });
  const held = (row: Totals, at: 'opening' | 'closing') =>
    row ? Number(row[`${at}Amount`] ?? 0) + Number(row[`${at}Bonus`] ?? 0) : null;
  const closing = held(t.assets, 'closing');
  const opening = held(t.assets, 'opening');
  const money = { label: '', type: 'money', agg: 'sum' } as const;
  return [
    m('newMembers'),
    m('visitMembers'),
    m('repeatRate'),
    m('cardBuyers'),
    m('spend'),
    m('balanceMembers'),
    {
      key: 'recallMembers',
      label: '待召回会员',
      text: measureText(OPS_DASHBOARD_RECALL, 'recallMembers', t.recall),
      to: '/memberOperation',
    },
    { key: 'prepaid', label: '预存余额（期末本金+赠金）', text: cellText(money, closing), to: `/asstes?${q}` },
    {
      key: 'prepaidChange',
      label: '预存余额变动',
      text: closing === null || opening === null ? '—' : cellText(money, closing - opening),
      to: `/asstes?${q}`,
    },
  ];
};

/** The two charts: the daily trend, and the stores' new, visiting and repeat members. */
export const chartsOf = (trend: readonly ReportRow[] | undefined, byStore: readonly ReportRow[] | undefined) => ({
  trend: trend?.length ? chartOption(OPS_DASHBOARD_TREND, groupingOf(OPS_DASHBOARD_TREND, 'day'), trend) : null,
  byStore: byStore?.length
    ? chartOption(OPS_DASHBOARD_MEMBERS, groupingOf(OPS_DASHBOARD_MEMBERS, 'store'), byStore)
    : null,
});
