/**
 * The table of a report, headless where it can be: the columns of the chosen grouping (hidden
 * ones left out) under their grouped headers (columns' `group`: 期初, 本期变动 …), server-side
 * sort state from the URL, drill-down links, the totals row (合计) and the summary figures.
 */
import {
  type AnyReport,
  columnsOf,
  type DimensionDef,
  type GroupingDef,
  type MeasureDef,
  type ReportRow,
  sortableColumns,
} from '@zb/contract/report/define';
import type { FieldDef } from '@zb/contract/resource/define';
import { formatValue } from '@zb/contract/resource/format';
import type { TableColumnType } from 'antd';
import type { ColumnGroupType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { ReportParams } from './reportParams';

export type ReportColumnDef = DimensionDef | MeasureDef;

const isMeasure = (decl: AnyReport, key: string) => key in decl.measures;

/**
 * A value as the table, the totals row and the summary show it: money in 元 and percent with %
 * (as lists and files read them), a measure's count with thousands separators (135,152).
 */
export const cellText = (col: ReportColumnDef, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (col.type === 'int' && 'agg' in col) return Number(value).toLocaleString('zh-CN');
  return formatValue(col as FieldDef, value);
};

/** The shown columns of a grouping, in order: its dimensions, then the measures. */
export const shownColumns = (decl: AnyReport, grouping: GroupingDef): [string, ReportColumnDef][] =>
  columnsOf(decl, grouping).filter(([, c]) => !c.hidden);

/** A header: a leaf column, or a group of consecutive columns of the same `group`. */
export type HeaderNode =
  | { key: string; col: ReportColumnDef }
  | { group: string; children: { key: string; col: ReportColumnDef }[] };

/** Consecutive columns sharing a `group` sit under one header cell; the rest stand alone. */
export const headerTree = (columns: readonly [string, ReportColumnDef][]): HeaderNode[] => {
  const out: HeaderNode[] = [];
  for (const [key, col] of columns) {
    const last = out[out.length - 1];
    if (col.group && last && 'group' in last && last.group === col.group) last.children.push({ key, col });
    else if (col.group) out.push({ group: col.group, children: [{ key, col }] });
    else out.push({ key, col });
  }
  return out;
};

export interface ColumnOptions {
  /** The address a cell opens (drill-down), or undefined for a plain cell. */
  drillHref?: (key: string, row: ReportRow) => string | undefined;
  /** Renders a drill-down link (a router link in the page). */
  link?: (href: string, text: string) => ReactNode;
}

const sortState = (decl: AnyReport, params: ReportParams, key: string) => {
  const dir = params.sortBy
    ? params.sortBy === key
      ? params.sortDir
      : undefined
    : decl.defaultSort.field === key
      ? decl.defaultSort.dir
      : undefined;
  return dir === 'asc' ? 'ascend' : dir === 'desc' ? 'descend' : null;
};

/** The antd columns of a report's grouping, grouped headers included. */
export const reportTableColumns = (
  decl: AnyReport,
  grouping: GroupingDef,
  params: ReportParams,
  opts: ColumnOptions = {},
): (TableColumnType<ReportRow> | ColumnGroupType<ReportRow>)[] => {
  const sortable = new Set(sortableColumns(decl));
  const leaf = (key: string, col: ReportColumnDef): TableColumnType<ReportRow> => {
    const numeric = col.type === 'int' || col.type === 'money' || col.type === 'percent';
    const canSort = sortable.has(key);
    return {
      key,
      dataIndex: key,
      title: col.label,
      width: col.width,
      fixed: col.fixed,
      align: numeric ? 'right' : undefined,
      ellipsis: col.type === 'text',
      sorter: canSort ? true : undefined,
      sortOrder: canSort ? sortState(decl, params, key) : undefined,
      render: (value: unknown, row: ReportRow) => {
        const text = cellText(col, value);
        const href = decl.drill?.[key] && opts.drillHref?.(key, row);
        return href && opts.link ? opts.link(href, text) : text;
      },
    };
  };
  return headerTree(shownColumns(decl, grouping)).map((n) =>
    'group' in n
      ? { key: `group:${n.group}`, title: n.group, children: n.children.map((c) => leaf(c.key, c.col)) }
      : leaf(n.key, n.col),
  );
};

/** The totals row's cells, one per shown column: 合计 in the first, each totalled measure's figure. */
export const totalsCells = (
  decl: AnyReport,
  grouping: GroupingDef,
  totals: Partial<ReportRow> | undefined,
): { key: string; text: string; numeric: boolean }[] => {
  const cells = shownColumns(decl, grouping).map(([key, col]) => {
    const m = isMeasure(decl, key) ? (col as MeasureDef) : undefined;
    const v = m && m.total !== false ? totals?.[key] : undefined;
    return { key, text: v === undefined || v === null ? '' : cellText(col, v), numeric: !!m };
  });
  const first = cells[0];
  if (first && first.text === '') cells[0] = { ...first, text: '合计', numeric: false };
  return cells;
};

/** The summary figures above the chart: each measure marked `summary`, from the totals. */
export const summaryFigures = (
  decl: AnyReport,
  totals: Partial<ReportRow> | undefined,
): { key: string; label: string; text: string }[] =>
  Object.entries(decl.measures)
    .filter(([, m]) => m.summary)
    .map(([key, m]) => ({ key, label: m.label, text: cellText(m, totals?.[key]) }));
