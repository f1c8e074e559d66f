/**
 * Drill-down (a declaration's `drill`): the address a cell opens — the target route with its
 * query built from the clicked row, the current filters and fixed values. A parameter without a
 * value (a row's null, a filter not given) is left out; when a row parameter has none, the cell
 * opens nothing (the totals row, a group without that dimension).
 */
import type { DrillDef, ReportRow } from '@zb/contract/report/define';

export const drillHref = (
  drill: DrillDef,
  row: ReportRow,
  query: Readonly<Record<string, string | number>>,
): string | undefined => {
  const s = new URLSearchParams();
  for (const [key, p] of Object.entries(drill.query)) {
    const v = 'row' in p ? row[p.row] : 'filter' in p ? query[p.filter] : p.value;
    if (v === null || v === undefined || v === '') {
      if ('row' in p) return undefined;
      continue;
    }
    s.set(key, String(v));
  }
  const qs = s.toString();
  return qs ? `${drill.to}?${qs}` : drill.to;
};
