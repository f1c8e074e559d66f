/**
 * A resource's export: the download centre's source for its declaration. The job re-checks the
 * list's filters, takes a snapshot of the matching ids in list order, and reads the rows a
 * thousand at a time, each cell written as the list shows it (money as a number of 元).
 */
import { type AnyResource, exportFields } from '@zb/contract/resource/define';
import { exportCell, lookupNameKey } from '@zb/contract/resource/format';
import { exportQuery } from '@zb/contract/resource/schemas';
import type { z } from 'zod';
import { type ExportColumn, type ExportSource, exportSourceOf, registerExportSource } from '../exports/registry';
import type { ResourceBinding, Values } from './binding';
import { countRows, matchingIds, rowsByIds } from './query';

const PAGE = 1000;

const widthOf = (decl: AnyResource, key: string): number | undefined => {
  const f = decl.fields[key];
  const w = typeof f?.list === 'object' ? f.list.width : undefined;
  return w ? Math.max(8, Math.round(w / 7)) : undefined;
};

export const exportSourceFor = (b: ResourceBinding): ExportSource<Values> => {
  const fields = exportFields(b.decl);
  const columns: ExportColumn[] = fields.map(([key, f]) => ({ key, label: f.label, width: widthOf(b.decl, key) }));
  return {
    name: b.decl.name,
    title: b.decl.title,
    params: exportQuery(b.decl) as unknown as z.ZodType<Values>,
    columns: () => columns,
    count: (ctx, params) => countRows(ctx.db, b, ctx.scope, params),
    rows: async function* (ctx, params) {
      const ids = await matchingIds(ctx.db, b, ctx.scope, params);
      for (let i = 0; i < ids.length; i += PAGE) {
        const rows = await rowsByIds(ctx.db, b, ids.slice(i, i + PAGE));
        yield rows.map((r) =>
          Object.fromEntries(fields.map(([k, f]) => [k, exportCell(f, r[k], r[lookupNameKey(k)])])),
        );
      }
    },
  };
};

/**
 * Sources registered from declarations: a second app in the same process (tests) reuses them,
 * also when it builds its own binding of the same declaration (one that depends on the app).
 */
const registered = new WeakSet<object>();

export const registerResourceExport = (b: ResourceBinding): void => {
  if (registered.has(b.decl)) return;
  if (exportSourceOf(b.decl.name)) throw new Error(`export source "${b.decl.name}" is already registered`);
  registerExportSource(exportSourceFor(b));
  registered.add(b.decl);
};
