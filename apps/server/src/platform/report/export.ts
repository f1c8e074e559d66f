/**
 * A report's export: the download centre's source for its declaration. The job checks the
 * query again, reads the result a thousand rows at a time in the page's order, writes the
 * columns the grouping shows (grouped headers where the declaration groups them), each cell as
 * the page shows it (money as a number of 元), and the totals row (合计) at the end.
 */
import { type AnyReport, columnsOf, groupingOf } from '@zb/contract/report/define';
import { reportExportQuery } from '@zb/contract/report/schemas';
import type { FieldDef } from '@zb/contract/resource/define';
import { exportCell } from '@zb/contract/resource/format';
import type { z } from 'zod';
import {
  type ExportColumn,
  type ExportSource,
  exportSourceOf,
  footerRows,
  registerExportSource,
} from '../exports/registry';
import type { ReportBinding, Values } from './binding';
import { reportPage } from './query';

const PAGE = 1000;

/** The columns a file of the query holds: the grouping's, those exported (default: shown). */
export const exportColumnsOf = (decl: AnyReport, params: Values) =>
  columnsOf(decl, groupingOf(decl, params.groupBy as string | undefined)).filter(([, c]) => c.export ?? !c.hidden);

export const reportExportSource = (b: ReportBinding): ExportSource<Values> => ({
  name: b.decl.name,
  title: b.decl.title,
  params: reportExportQuery(b.decl) as unknown as z.ZodType<Values>,
  columns: (params) =>
    exportColumnsOf(b.decl, params).map(
      ([key, c]): ExportColumn => ({
        key,
        label: c.label,
        group: c.group,
        width: c.width ? Math.max(8, Math.round(c.width / 7)) : undefined,
      }),
    ),
  count: async (ctx, params) => (await reportPage(ctx.db, b, ctx.scope, { ...params, pageNo: 1, pageSize: 1 })).total,
  rows: async function* (ctx, params) {
    const columns = exportColumnsOf(b.decl, params);
    const cells = (r: Values) => Object.fromEntries(columns.map(([k, c]) => [k, exportCell(c as FieldDef, r[k])]));
    let totals: Values | undefined;
    for (let pageNo = 1; ; pageNo++) {
      const page = await reportPage(ctx.db, b, ctx.scope, { ...params, pageNo, pageSize: PAGE });
      totals = page.totals;
      if (page.list.length) yield page.list.map(cells);
      if (page.list.length < PAGE || pageNo * PAGE >= page.total) break;
    }
    if (totals && columns[0]) yield footerRows([{ ...cells(totals), [columns[0][0]]: '合计' }]);
  },
});

/** Sources registered from declarations: a second app in the same process (tests) reuses them. */
const registered = new WeakSet<object>();

export const registerReportExport = (b: ReportBinding): void => {
  if (registered.has(b.decl)) return;
  if (exportSourceOf(b.decl.name)) throw new Error(`export source "${b.decl.name}" is already registered`);
  registerExportSource(reportExportSource(b));
  registered.add(b.decl);
};
