/**
 * The report engine's conformance, generated from every declaration in the contract's REPORTS
 * through the bindings the app registers: for each one, the list pages with its total; the
 * totals row agrees with the rows (sums add up, ratios are recomputed) when the whole result
 * fits a page; each grouping groups by its dimensions and keeps the totals; each filter narrows
 * (to matching rows where the rows show the filtered column) and refuses a malformed value; each
 * sortable column sorts both ways; the chart's rows are the result's; a region user sees only
 * their stores' rows and totals; a user without the page's code is refused, one without the
 * export button cannot export; the export holds every row and the totals; each drill-down opens
 * a page that takes its query.
 *
 * A new declaration in REPORTS is covered without anyone touching this file.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import {
  type AnyReport,
  columnsOf,
  groupingsOf,
  type MeasureDef,
  periodFilter,
  type ReportFilterDef,
  sortableColumns,
} from '@zb/contract/report/define';
import { REPORT_CHART_ROWS_MAX, REPORT_PERIOD_DAYS_MAX } from '@zb/contract/report/schemas';
import { REPORTS } from '@zb/contract/reports/index';
import { filterEntries, filterSchema } from '@zb/contract/resource/schemas';
import { routeByPath } from '@zb/contract/routes';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resource } from '../../modules/resources/schema';
import { region as regionTable, store } from '../../modules/stores/schema';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { exportJob } from '../exports/schema';
import { runNextExport } from '../exports/worker';
import { registeredBindings } from '../resource/register';
import type { ReportBinding, Values } from './binding';
import { exportColumnsOf } from './export';
import { registeredReports } from './register';

type Row = Record<string, string | number | null>;
interface Page {
  list: Row[];
  total: number;
  totals?: Row;
  groupBy?: string;
}
type Query = Record<string, string | number>;

const REFUSED = [ERR.FORBIDDEN, ERR.ROLE_REQUIRED];
const PAGE = 100;

let t: TestApp;
let admin: TestClient;
/** Every code, in 华东大区's box: the region's data scope. */
let regionUser: TestClient;
/** Every group and page code, no button. */
let viewer: TestClient;
let nobody: TestClient;
/** The stores of 华东大区. */
let regionStores: Set<number>;
const bindings = new Map<AnyReport, ReportBinding>();
/** Each report's base query: its required filters (the widest period up to today, its example values). */
const bases = new Map<AnyReport, Query>();

const userWith = async (login: string, contentName: string, codes: string[]) => {
  const userId = await createUser(t.db, { loginName: login, password: 'conf12345' });
  const { contentRoleId } = await createRole(t.db, { code: login.toUpperCase(), name: login, contentName, codes });
  return t.signIn(login, 'conf12345', await grantRole(t.db, userId, contentRoleId));
};

const beijingDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const all = await t.db.select({ code: resource.code, kind: resource.kind }).from(resource);
  regionUser = await userWith(
    'rconf-region',
    '华东大区',
    all.map((r) => r.code),
  );
  viewer = await userWith(
    'rconf-viewer',
    '总部',
    all.filter((r) => r.kind !== 'button').map((r) => r.code),
  );
  nobody = await userWith('rconf-nobody', '总部', []);
  await t.app.apiLog.flush();
  t.app.apiLog.push = () => {};
  const [east] = await t.db.select({ id: regionTable.id }).from(regionTable).where(eq(regionTable.name, '华东大区'));
  regionStores = new Set(
    (
      await t.db
        .select({ id: store.id })
        .from(store)
        .where(inArray(store.regionId, [east!.id]))
    ).map((s) => s.id),
  );
  for (const b of registeredReports()) bindings.set(b.decl, b);
  for (const decl of REPORTS) {
    const base: Query = {};
    const period = periodFilter(decl);
    if (period?.[1].required) {
      base[`${period[0]}From`] = beijingDay(-(REPORT_PERIOD_DAYS_MAX - 1));
      base[`${period[0]}To`] = beijingDay();
    }
    const example = await bindings.get(decl)?.example?.(t.db);
    Object.assign(base, example as Query | undefined);
    bases.set(decl, base);
  }
});
afterAll(() => t.close());

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }, what: string): R => {
  expect(res.body.errcode, `${what}: ${res.body.errmsg}`).toBe(ERR.OK);
  return res.body.data;
};

const listOf = async (c: TestClient, decl: AnyReport, query: Query): Promise<Page> =>
  ok(
    await c.call(reportApi(decl).list, { query: { ...bases.get(decl), ...query } as never }),
    `${decl.name} ${JSON.stringify(query)}`,
  ) as Page;

const allRows = async (c: TestClient, decl: AnyReport, query: Query = {}): Promise<Page> => {
  const first = await listOf(c, decl, { ...query, pageSize: PAGE });
  const list = [...first.list];
  for (let p = 2; list.length < first.total; p++)
    list.push(...(await listOf(c, decl, { ...query, pageSize: PAGE, pageNo: p })).list);
  return { ...first, list };
};

const measures = (decl: AnyReport) => Object.entries(decl.measures) as [string, MeasureDef][];

/** The totals row as its rows imply it (where they are the whole result). */
const expectTotalsOfRows = (decl: AnyReport, page: Page, what: string) => {
  if (!decl.totals) {
    expect(page.totals, what).toBeUndefined();
    return;
  }
  const totals = page.totals!;
  const values = (k: string) => page.list.map((r) => r[k]).filter((v): v is number => typeof v === 'number');
  for (const [k, m] of measures(decl)) {
    if (m.total === false) {
      expect(totals, `${what} ${k}`).not.toHaveProperty(k);
      continue;
    }
    const vs = values(k);
    if (m.agg === 'sum' || m.agg === 'count' || m.agg === 'asOf') {
      expect(totals[k], `${what} ${k}`).toBe(vs.reduce((s, v) => s + v, 0));
    } else if (m.agg === 'min') {
      expect(totals[k], `${what} ${k}`).toBe(vs.length ? Math.min(...vs) : null);
    } else if (m.agg === 'max') {
      expect(totals[k], `${what} ${k}`).toBe(vs.length ? Math.max(...vs) : null);
    } else if (m.agg === 'countDistinct') {
      // Counted again over the facts: at least any group's count, at most their sum.
      expect(Number(totals[k]), `${what} ${k}`).toBeGreaterThanOrEqual(vs.length ? Math.max(...vs) : 0);
      expect(Number(totals[k]), `${what} ${k}`).toBeLessThanOrEqual(vs.reduce((s, v) => s + v, 0));
    } else if (m.agg === 'ratio') {
      const of = m.of as { num: string; den: string };
      const n = Number(totals[of.num] ?? 0);
      const d = Number(totals[of.den] ?? 0);
      // Basis points for a percent; 分 per unit for an amount (客单价 = 业绩 ÷ 服务单数).
      const scale = m.type === 'percent' ? 10000 : 1;
      expect(totals[k], `${what} ${k}`).toBe(d ? Math.round((n * scale) / d) : null);
    }
  }
};

/** A query that must find `v` by the filter, and whether another value satisfies it. */
const probe = (
  key: string,
  f: ReportFilterDef,
  v: unknown,
): { query: Query; matches: (x: unknown) => boolean } | null => {
  switch (f.filter) {
    case 'like': {
      const part = [...String(v)].slice(0, 2).join('');
      return { query: { [key]: part }, matches: (x) => String(x).toLowerCase().includes(part.toLowerCase()) };
    }
    case 'eq':
    case 'in':
      return { query: { [key]: String(v) }, matches: (x) => String(x) === String(v) };
    case 'range':
      return f.type === 'date' || f.type === 'datetime'
        ? null
        : { query: { [`${key}From`]: String(v), [`${key}To`]: String(v) }, matches: (x) => x === v };
    default:
      return null;
  }
};

/** A value the filter cannot take, where its type has one. */
const malformed = (key: string, f: ReportFilterDef): Query | null => {
  if (f.filter === 'range')
    return { [`${key}From`]: f.type === 'date' || f.type === 'datetime' ? '2026-02-30' : 'abc' };
  if (f.filter === 'in' || (f.filter === 'eq' && f.type === 'enum')) return { [key]: 'no-such-value' };
  if (f.filter === 'eq' && ['int', 'money', 'lookup'].includes(f.type)) return { [key]: 'abc' };
  return null;
};

/** The query keys of a report's filters (a range's two ends). */
const queryKeysOf = (decl: AnyReport) =>
  Object.entries(decl.filters).flatMap(([k, f]) => filterEntries(k, f).map(([name]) => name));

/** The grouping whose rows carry the column, if any. */
const groupingWith = (decl: AnyReport, key: string) =>
  groupingsOf(decl).find((g) => columnsOf(decl, g).some(([k]) => k === key));

describe.each(REPORTS.map((d) => [`${d.title} ${d.page}`, d] as const))('%s', (_name, decl) => {
  it('is bound and registered by the app, on a page of the route table', () => {
    expect(bindings.get(decl), `${decl.name} has no registered binding`).toBeDefined();
    expect(routeByPath(decl.page), decl.page).toBeDefined();
  });

  it('lists a page with the total, pages on by the same order, and refuses a query without its required filters', async () => {
    const first = await listOf(admin, decl, { pageSize: PAGE });
    expect(first.total, `${decl.name}: the demo data gives the report rows`).toBeGreaterThan(0);
    expect(first.list.length).toBe(Math.min(PAGE, first.total));
    const second = await listOf(admin, decl, { pageSize: 10, pageNo: 2 });
    expect(second.total).toBe(first.total);
    expect(second.list).toEqual(first.list.slice(10, 20));
    expect(
      (await admin.call(reportApi(decl).list, { query: { ...bases.get(decl), pageSize: 7 } as never })).body.errcode,
    ).toBe(ERR.PARAM_INVALID);
    if (Object.values(decl.filters).some((f) => f.required)) {
      expect((await admin.call(reportApi(decl).list, { query: {} as never })).body.errcode).toBe(ERR.PARAM_INVALID);
    }
  });

  it('groups by each grouping: rows carry its columns, one row a group, the totals equal to the rows', async () => {
    for (const g of groupingsOf(decl)) {
      const page = await allRows(admin, decl, decl.kind === 'summary' ? { groupBy: g.key } : {});
      if (decl.kind === 'summary') expect(page.groupBy).toBe(g.key);
      const keys = columnsOf(decl, g).map(([k]) => k);
      for (const r of page.list.slice(0, 5)) expect(Object.keys(r).sort(), g.key).toEqual([...keys].sort());
      if (decl.kind === 'summary') {
        const groups = page.list.map((r) => JSON.stringify(g.dims.map((d) => r[d])));
        expect(new Set(groups).size, `${g.key}: one row a group`).toBe(groups.length);
      }
      expectTotalsOfRows(decl, page, g.key);
    }
    const bad = await admin.call(reportApi(decl).list, {
      query: { ...bases.get(decl), groupBy: 'noSuchGrouping' } as never,
    });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('narrows by each filter, and refuses a value of the wrong kind', async () => {
    const everything = await listOf(admin, decl, { pageSize: PAGE });
    for (const [key, f] of Object.entries(decl.filters)) {
      if (f.fixed) continue;
      const g = groupingWith(decl, key);
      const rows = g ? (await listOf(admin, decl, { pageSize: PAGE, groupBy: g.key })).list : [];
      const sample = rows.find((r) => r[key] !== null && r[key] !== undefined && r[key] !== '');
      const p = sample ? probe(key, f, sample[key]) : null;
      if (p && g) {
        const hit = await listOf(admin, decl, { ...p.query, pageSize: PAGE, groupBy: g.key });
        expect(hit.total, `${key} ${JSON.stringify(p.query)}`).toBeGreaterThan(0);
        for (const r of hit.list) expect(p.matches(r[key]), `${key}=${JSON.stringify(r[key])}`).toBe(true);
      } else if (f.filter === 'like') {
        expect((await listOf(admin, decl, { [key]: '无此内容zq9' })).total, key).toBe(0);
      } else if (f.options?.length) {
        const hit = await listOf(admin, decl, { [key]: String(f.options[0]!.value) });
        expect(hit.total, key).toBeLessThanOrEqual(everything.total);
      } else if (f.filter === 'range' && f.type === 'date') {
        const day = beijingDay();
        const hit = await listOf(admin, decl, { [`${key}From`]: day, [`${key}To`]: day });
        if (!f.period || !f.required) expect(hit.total, key).toBeLessThanOrEqual(everything.total);
      }
      const bad = malformed(key, f);
      if (bad) {
        const res = await admin.call(reportApi(decl).list, { query: { ...bases.get(decl), ...bad } as never });
        expect(res.body.errcode, JSON.stringify(bad)).toBe(ERR.PARAM_INVALID);
      }
    }
  });

  it('sorts by each sortable column both ways, and by no other', async () => {
    // A column of numbers: its first page descending is in order, and (for the first such column)
    // its first page ascending too. Any other column, or the first numeric one: its ascending head
    // is its descending tail reversed. One query for most columns, where two for each cost the
    // suite a minute.
    let bothWays = false;
    for (const key of sortableColumns(decl)) {
      const g = groupingWith(decl, key);
      const groupBy: Query = decl.kind === 'summary' && g ? { groupBy: g.key } : {};
      const numbers = (p: Page) => p.list.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
      const desc = await listOf(admin, decl, { ...groupBy, sortBy: key, sortDir: 'desc', pageSize: 10 });
      const numeric = numbers(desc);
      expect(numeric, key).toEqual([...numeric].sort((x, y) => y - x));
      if (numeric.length > 1 && bothWays) continue;
      bothWays ||= numeric.length > 1;
      const asc = await listOf(admin, decl, { ...groupBy, sortBy: key, sortDir: 'asc', pageSize: 10 });
      expect(numbers(asc), key).toEqual([...numbers(asc)].sort((x, y) => x - y));
      const last = Math.max(1, Math.ceil(asc.total / 10));
      const descTail = await listOf(admin, decl, {
        ...groupBy,
        sortBy: key,
        sortDir: 'desc',
        pageSize: 10,
        pageNo: last,
      });
      expect(asc.list.slice(0, descTail.list.length), key).toEqual([...descTail.list].reverse());
    }
    const unsortable =
      [...Object.keys(decl.dimensions), ...Object.keys(decl.measures)].find(
        (k) => !sortableColumns(decl).includes(k),
      ) ?? 'noSuchColumn';
    const bad = await admin.call(reportApi(decl).list, { query: { ...bases.get(decl), sortBy: unsortable } as never });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('不能按该列排序');
  });

  it('answers the chart’s rows: the result’s rows, at most the chart’s number', async () => {
    if (!decl.chart) return;
    const x = decl.chart.x;
    const g = groupingWith(decl, x);
    const groupBy: Query = decl.kind === 'summary' && g ? { groupBy: g.key } : {};
    const all = await allRows(admin, decl, groupBy);
    const chart = await listOf(admin, decl, { ...groupBy, chart: '1' });
    expect(chart.total).toBe(all.total);
    expect(chart.list.length).toBe(Math.min(all.total, REPORT_CHART_ROWS_MAX));
    const key = (r: Row) => JSON.stringify(r);
    if (all.total <= REPORT_CHART_ROWS_MAX) expect(chart.list.map(key).sort()).toEqual(all.list.map(key).sort());
    const xs = chart.list.map((r) => r[x]).filter((v): v is number => typeof v === 'number');
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(chart.totals).toEqual(all.totals);
  });

  it('shows a region user only their stores’ rows, and totals of those rows', async () => {
    const everything = await listOf(admin, decl, { pageSize: 1 });
    const b = bindings.get(decl)!;
    if (!b.scope) {
      expect((await listOf(regionUser, decl, { pageSize: 1 })).total).toBe(everything.total);
      return;
    }
    // The grouping by store (or the default), so each row names its store where the report can.
    const g = groupingWith(decl, 'storeId');
    const groupBy: Query = decl.kind === 'summary' && g ? { groupBy: g.key } : {};
    const all = await allRows(admin, decl, groupBy);
    const theirs = await allRows(regionUser, decl, groupBy);
    expect(theirs.total, 'the demo rows lie in more regions than 华东大区').toBeLessThan(all.total);
    if (g || decl.kind === 'detail') {
      for (const r of theirs.list) {
        if (r.storeId !== undefined) expect(regionStores.has(Number(r.storeId)), `store ${r.storeId}`).toBe(true);
      }
      const mine = all.list.filter((r) => r.storeId === undefined || regionStores.has(Number(r.storeId)));
      if (all.list[0]?.storeId !== undefined) expect(theirs.list).toEqual(mine);
    }
    expectTotalsOfRows(decl, theirs, 'region');
  });

  it('refuses the list to a user without the page’s code, and the export to one without its button', async () => {
    const api = reportApi(decl);
    if (api.list.access.kind === 'codes') {
      expect(REFUSED).toContain((await nobody.call(api.list, { query: bases.get(decl) as never })).body.errcode);
    }
    if (api.export) {
      expect(REFUSED).toContain((await viewer.call(api.export, { query: bases.get(decl) as never })).body.errcode);
    }
  });

  it('exports every row and the totals through the download centre', async () => {
    const api = reportApi(decl);
    if (!api.export) return;
    const page = await allRows(admin, decl);
    const { jobId } = ok(await admin.call(api.export, { query: bases.get(decl) as never }), 'export') as {
      jobId: number;
    };
    expect(await runNextExport(t.db, 'rconf')).toBe(jobId);
    const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: jobId });
    expect(file.status).toBe(200);
    const sheet = await readSheet(file.bytes as Buffer);
    const columns = exportColumnsOf(decl, bases.get(decl) as Values);
    const headerRows = columns.some(([, c]) => c.group) ? 2 : 1;
    expect(sheet.length).toBe(headerRows + page.total + (decl.totals ? 1 : 0));
    expect(sheet[headerRows - 1]!.filter((v) => v !== null && v !== undefined).length).toBeGreaterThan(0);
    if (decl.totals) expect(sheet[sheet.length - 1]![0]).toBe('合计');
    // The download centre counts the rows, not the 合计 line under them.
    const [job] = await t.db.select({ rowCount: exportJob.rowCount }).from(exportJob).where(eq(exportJob.id, jobId));
    expect(job?.rowCount).toBe(page.total);
  });

  it('drills down into a page that takes the query it builds', () => {
    const own = new Set([...Object.keys(decl.dimensions), ...Object.keys(decl.measures)]);
    const filterKeys = new Set(queryKeysOf(decl));
    for (const [column, d] of Object.entries(decl.drill ?? {})) {
      expect(own.has(column), column).toBe(true);
      expect(routeByPath(d.to), `${column} → ${d.to}`).toBeDefined();
      for (const p of Object.values(d.query)) {
        if ('row' in p) expect(own.has(p.row), `${column}: row ${p.row}`).toBe(true);
        if ('filter' in p) expect(filterKeys.has(p.filter), `${column}: filter ${p.filter}`).toBe(true);
      }
      // A hand-written detail page (a detail route of the route table) opens one record by ?id=.
      if (routeByPath(d.to)?.parent && Object.keys(d.query).join() === 'id') continue;
      const target = REPORTS.find((r) => r.page === d.to);
      const resource = registeredBindings().find((b) => b.decl.page === d.to)?.decl;
      // A hand-written detail page (a detail route of the route table) opens one record by ?id=.
      const detailPage = !target && !resource && routeByPath(d.to)?.parent ? d.to : undefined;
      expect(target ?? resource ?? detailPage, `${d.to} is a report, a resource list or a detail page`).toBeDefined();
      const accepted = target
        ? new Set([...queryKeysOf(target), 'groupBy', 'sortBy', 'sortDir'])
        : detailPage
          ? new Set(['id'])
          : new Set(Object.keys(filterSchema(resource!).shape));
      for (const k of Object.keys(d.query)) expect(accepted.has(k), `${column} → ${d.to}: ${k}`).toBe(true);
    }
  });
});

describe('the report declarations', () => {
  it('are each registered once, and no binding is left without a declaration', () => {
    expect(REPORTS.length).toBeGreaterThan(0);
    expect(new Set(REPORTS.map((d) => d.name)).size).toBe(REPORTS.length);
    for (const b of registeredReports()) expect(REPORTS, b.decl.name).toContain(b.decl);
  });

  it('leave no page or export button code unknown to the resource table', async () => {
    for (const decl of REPORTS) {
      const api = reportApi(decl);
      for (const access of [api.list.access, api.export?.access]) {
        if (access?.kind !== 'codes') continue;
        for (const code of access.codes) {
          expect(
            await t.db.select().from(resource).where(eq(resource.code, code)),
            `${decl.name}: ${code}`,
          ).toHaveLength(1);
        }
      }
    }
  });
});
