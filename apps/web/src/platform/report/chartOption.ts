/**
 * The ECharts option of a report's chart (`chart` of the declaration), built from the chart
 * call's rows without ECharts itself, so it is tested here and ECharts loads only with the chart.
 * x is a dimension (a day, a month, a store); each series a measure, in 元 for money and % for
 * percent. When the grouping has other dimensions besides x (按门店和月份), each combination of
 * them is its own series (at most CHART_SERIES_MAX); a pie draws the first measure by x. A series
 * is named by its measure's label, under its header group when two measures share a label (充值本金
 * and 消费本金, not 本金 twice).
 */
import type { AnyReport, GroupingDef, ReportRow } from '@zb/contract/report/define';
import { cellText, type ReportColumnDef } from './reportColumns';

export const CHART_SERIES_MAX = 12;

/** A measure's value as the chart draws it: 元 for money, % for percent. */
const plotted = (col: ReportColumnDef, v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return null;
  return col.type === 'money' || col.type === 'percent' ? n / 100 : n;
};

export interface ChartSeries {
  name: string;
  type: 'line' | 'bar' | 'pie';
  data: (number | null)[] | { name: string; value: number | null }[];
}

export interface ReportChartOption {
  tooltip: { trigger: 'axis' | 'item' };
  legend: { type: 'scroll'; top: 0 };
  grid?: { left: number; right: number; top: number; bottom: number; containLabel: true };
  xAxis?: { type: 'category'; data: string[] };
  yAxis?: { type: 'value' };
  series: ChartSeries[];
}

/** Whether the chart can be drawn for the grouping (its x dimension is one of the grouping's). */
export const chartShown = (decl: AnyReport, grouping: GroupingDef): boolean =>
  !!decl.chart && (decl.kind === 'detail' || grouping.dims.includes(decl.chart.x));

export const chartOption = (
  decl: AnyReport,
  grouping: GroupingDef,
  rows: readonly ReportRow[],
): ReportChartOption | null => {
  const chart = decl.chart;
  if (!chart || !chartShown(decl, grouping)) return null;
  const xCol = decl.dimensions[chart.x] as ReportColumnDef;
  const xLabel = (r: ReportRow) => cellText(xCol, r[chart.x]);
  if (chart.type === 'pie') {
    const key = chart.series[0] as string;
    const m = decl.measures[key] as ReportColumnDef;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', top: 0 },
      series: [{ name: m.label, type: 'pie', data: rows.map((r) => ({ name: xLabel(r), value: plotted(m, r[key]) })) }],
    };
  }
  const xs: string[] = [];
  for (const r of rows) {
    const x = xLabel(r);
    if (!xs.includes(x)) xs.push(x);
  }
  const others =
    decl.kind === 'summary' ? grouping.dims.filter((d) => d !== chart.x && !decl.dimensions[d]?.hidden) : [];
  const splitOf = (r: ReportRow) =>
    others.map((d) => cellText(decl.dimensions[d] as ReportColumnDef, r[d])).join(' / ');
  const splits: string[] = [];
  for (const r of rows) {
    const s = splitOf(r);
    if (!splits.includes(s)) splits.push(s);
  }
  const measures = chart.series.map((key) => decl.measures[key] as ReportColumnDef);
  const labelOf = (m: ReportColumnDef) =>
    m.group && measures.some((o) => o !== m && o.label === m.label) ? `${m.group}${m.label}` : m.label;
  const series: ChartSeries[] = [];
  for (const key of chart.series) {
    const m = decl.measures[key] as ReportColumnDef;
    const label = labelOf(m);
    for (const split of splits) {
      if (series.length >= CHART_SERIES_MAX) break;
      const data: (number | null)[] = xs.map(() => null);
      for (const r of rows) if (splitOf(r) === split) data[xs.indexOf(xLabel(r))] = plotted(m, r[key]);
      const name = split ? (chart.series.length > 1 ? `${split} ${label}` : split) : label;
      series.push({ name, type: chart.type, data });
    }
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 16, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: xs },
    yAxis: { type: 'value' },
    series,
  };
};
