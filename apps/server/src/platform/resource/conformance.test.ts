/**
 * The resource engine's conformance, generated from every declaration in the contract
 * (packages/contract/src/entities) through the bindings the app registers: for each one, the
 * list pages with its total (共 N 条); each filter narrows to rows that match it; each sortable
 * column sorts both ways; a row's detail agrees with its list row and a missing one answers
 * 不存在; a region user sees only their region's rows where the binding has a data scope (and
 * every row where it has none); a user without the page's code is refused the reads, one without
 * the buttons the writes and the export; and the export holds every listed row.
 *
 * A new declaration is covered without anyone remembering it. Module tests keep what is their
 * own: state machines, ledgers, business refusals, fields a service computes.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import type { Page } from '@zb/contract/api/paging';
import { ERR } from '@zb/contract/errcodes';
import { type ResourceApi, type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import {
  type AnyResource,
  type FieldDef,
  filterFields,
  listFields,
  sortableFields,
} from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resource } from '../../modules/resources/schema';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { runNextExport } from '../exports/worker';
import type { ResourceBinding } from './binding';
import { registeredBindings } from './register';

/** Every declaration the contract's entity modules export. */
const ENTITIES_DIR = fileURLToPath(new URL('../../../../../packages/contract/src/entities', import.meta.url));
const isDecl = (v: unknown): v is AnyResource =>
  !!v && typeof v === 'object' && 'fields' in v && 'api' in v && 'page' in v && 'defaultSort' in v;
const DECLS: AnyResource[] = [];
for (const file of readdirSync(ENTITIES_DIR)
  .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
  .sort()) {
  const mod = (await import(`@zb/contract/entities/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
  for (const v of Object.values(mod)) if (isDecl(v) && !DECLS.includes(v)) DECLS.push(v);
}

const REFUSED = [ERR.FORBIDDEN, ERR.ROLE_REQUIRED];
/** An id no table reaches. */
const MISSING_ID = 2_000_000_000;

let t: TestApp;
let admin: TestClient;
/** Every code, in 华东大区's box: the region's data scope. */
let region: TestClient;
/** Every group and page code, no button: reads, never writes. */
let viewer: TestClient;
/** No code at all. */
let nobody: TestClient;
const bindings = new Map<AnyResource, ResourceBinding>();

const userWith = async (login: string, contentName: string, codes: string[]) => {
  const userId = await createUser(t.db, { loginName: login, password: 'conf12345' });
  const { contentRoleId } = await createRole(t.db, { code: login.toUpperCase(), name: login, contentName, codes });
  return t.signIn(login, 'conf12345', await grantRole(t.db, userId, contentRoleId));
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const all = await t.db.select({ code: resource.code, kind: resource.kind }).from(resource);
  region = await userWith(
    'conf-region',
    '华东大区',
    all.map((r) => r.code),
  );
  viewer = await userWith(
    'conf-viewer',
    '总部',
    all.filter((r) => r.kind !== 'button').map((r) => r.code),
  );
  nobody = await userWith('conf-nobody', '总部', []);
  // The API log gains a row with every call, this test's own included: it stops here, so /apiLog
  // lists the same rows from one call to the next (audit.test.ts covers the writing).
  await t.app.apiLog.flush();
  t.app.apiLog.push = () => {};
  for (const b of registeredBindings()) bindings.set(b.decl, b);
});
afterAll(() => t.close());

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }, what: string): R => {
  expect(res.body.errcode, `${what}: ${res.body.errmsg}`).toBe(ERR.OK);
  return res.body.data;
};

const listOf = async (c: TestClient, a: ResourceApi, query: Record<string, string | number>) =>
  ok(await c.call(a.list, { query }), `${a.list.path} ${JSON.stringify(query)}`) as Page<ResourceRow>;

/** Every row the caller may list, a hundred at a time. */
const allRows = async (c: TestClient, a: ResourceApi): Promise<ResourceRow[]> => {
  const first = await listOf(c, a, { pageSize: 100 });
  const rows = [...first.list];
  for (let p = 2; rows.length < first.total; p++) rows.push(...(await listOf(c, a, { pageSize: 100, pageNo: p })).list);
  return rows;
};

/** The Beijing day of an instant. */
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

/** A query that must find `row` by `key`, and whether another row's value satisfies it. */
const probe = (
  key: string,
  f: FieldDef,
  v: unknown,
): { query: Record<string, string | number>; matches: (x: unknown) => boolean } | null => {
  switch (f.filter) {
    case 'like': {
      const s = String(v);
      const part = [...s].slice(0, 2).join('');
      return { query: { [key]: part }, matches: (x) => String(x).toLowerCase().includes(part.toLowerCase()) };
    }
    case 'eq':
      if (f.type === 'lookups') {
        const id = (v as number[])[0];
        return id === undefined ? null : { query: { [key]: id }, matches: (x) => (x as number[]).includes(id) };
      }
      return { query: { [key]: String(v) }, matches: (x) => x === v };
    case 'in':
      return { query: { [key]: String(v) }, matches: (x) => x === v };
    case 'range': {
      const { from, to } = rangeKeys(key);
      if (f.type === 'datetime') {
        const day = shanghaiDay(String(v));
        return { query: { [from]: day, [to]: day }, matches: (x) => shanghaiDay(String(x)) === day };
      }
      return { query: { [from]: String(v), [to]: String(v) }, matches: (x) => x === v };
    }
    default:
      return null;
  }
};

/** A value of the filter's type that no row holds. */
const nothingLike = (key: string, f: FieldDef): Record<string, string> | null =>
  f.filter === 'like' ? { [key]: '无此内容zq9' } : null;

/** A value the filter cannot take (answered with a PARAM error), where its type has one. */
const malformed = (key: string, f: FieldDef): Record<string, string> | null => {
  const numeric = ['int', 'money', 'lookup', 'lookups'].includes(f.type);
  if (f.filter === 'range') {
    const { from } = rangeKeys(key);
    return { [from]: f.type === 'date' || f.type === 'datetime' ? '2026-02-30' : 'abc' };
  }
  if (f.filter === 'in' || (f.filter === 'eq' && f.type === 'enum')) return { [key]: 'no-such-value' };
  if (f.filter === 'eq' && f.type === 'bool') return { [key]: 'maybe' };
  if (f.filter === 'eq' && numeric) return { [key]: 'abc' };
  if (f.filter === 'eq' && f.type === 'date') return { [key]: '2026-02-30' };
  return null;
};

const present = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

describe.each(DECLS.map((d) => [`${d.title} ${d.page}`, d] as const))('%s', (_name, decl) => {
  // A declaration carries its SPEC paths (productOnlineRate, accounts), so its endpoints are its own.
  const api = () => resourceApi(decl);

  it('is bound to a table and registered by the app', () => {
    expect(bindings.get(decl), `${decl.name} has no registered binding`).toBeDefined();
  });

  it('lists a page of rows with the total (共 N 条), and pages on by the same order', async () => {
    const a = api();
    const first = await listOf(admin, a, { pageSize: 100 });
    expect(first.list.length).toBe(Math.min(100, first.total));
    expect(new Set(first.list.map((r) => r.id)).size).toBe(first.list.length);
    const second = await listOf(admin, a, { pageSize: 10, pageNo: 2 });
    expect(second.total).toBe(first.total);
    expect(second.list.map((r) => r.id)).toEqual(first.list.slice(10, 20).map((r) => r.id));
    const bad = await admin.call(a.list, { query: { pageSize: 7 } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('narrows the list by each filter to rows that match it, and refuses a value of the wrong kind', async () => {
    const a = api();
    const { list: rows, total } = await listOf(admin, a, { pageSize: 100 });
    for (const [key, f] of filterFields(decl)) {
      const sample = rows.find((r) => present(r[key]));
      const p = sample ? probe(key, f, sample[key]) : null;
      if (p) {
        const hit = await listOf(admin, a, { ...p.query, pageSize: 100 });
        expect(hit.total, `${key} ${JSON.stringify(p.query)}`).toBeGreaterThan(0);
        expect(hit.total).toBeLessThanOrEqual(total);
        for (const r of hit.list) expect(p.matches(r[key]), `${key}=${JSON.stringify(r[key])}`).toBe(true);
        // Every row that matches is found (when the first page held them all).
        if (total <= 100) expect(hit.total).toBe(rows.filter((r) => present(r[key]) && p.matches(r[key])).length);
      }
      const none = nothingLike(key, f);
      if (none) expect((await listOf(admin, a, none)).total, key).toBe(0);
      const bad = malformed(key, f);
      if (bad)
        expect((await admin.call(a.list, { query: bad })).body.errcode, JSON.stringify(bad)).toBe(ERR.PARAM_INVALID);
    }
  });

  it('sorts by each sortable column both ways (the id breaking ties), and by no other', async () => {
    const a = api();
    const total = (await listOf(admin, a, { pageSize: 1 })).total;
    const last = Math.max(1, Math.ceil(total / 10));
    for (const key of sortableFields(decl)) {
      const asc = await listOf(admin, a, { sortBy: key, sortDir: 'asc', pageSize: 10 });
      const descTail = await listOf(admin, a, { sortBy: key, sortDir: 'desc', pageSize: 10, pageNo: last });
      const tail = descTail.list.map((r) => r.id).reverse();
      expect(
        asc.list.slice(0, tail.length).map((r) => r.id),
        key,
      ).toEqual(tail);
      const numbers = asc.list.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
      expect(numbers, key).toEqual([...numbers].sort((x, y) => x - y));
    }
    const unsortable = Object.keys(decl.fields).find((k) => !sortableFields(decl).includes(k)) ?? 'noSuchField';
    const bad = await admin.call(a.list, { query: { sortBy: unsortable } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('不能按该列排序');
  });

  it('shows a row’s detail as its list row shows it, and 不存在 for a missing one', async () => {
    const a = api();
    const { list } = await listOf(admin, a, { pageSize: 10 });
    for (const row of list.slice(0, 3)) {
      const detail = ok(await admin.call(a.detail, { params: { id: row.id } }), `detail ${row.id}`) as ResourceRow;
      expect(detail.id).toBe(row.id);
      for (const [key] of listFields(decl)) expect(detail[key], key).toEqual(row[key]);
    }
    const missing = await admin.call(a.detail, { params: { id: MISSING_ID } });
    expect(missing.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect(missing.body.errmsg).toBe(`该${decl.title}不存在或已被删除`);
  });

  it('shows a region user only the rows of their data scope', async () => {
    const a = api();
    const everything = await listOf(admin, a, { pageSize: 100 });
    if (!bindings.get(decl)?.scope) {
      expect((await listOf(region, a, { pageSize: 1 })).total).toBe(everything.total);
      return;
    }
    const theirs = await allRows(region, a);
    if (everything.total > 0) {
      expect(theirs.length, 'the demo rows of a scoped resource lie in more regions than 华东大区').toBeLessThan(
        everything.total,
      );
    }
    const seen = new Set(theirs.map((r) => r.id));
    for (const r of theirs.slice(0, 3)) ok(await admin.call(a.detail, { params: { id: r.id } }), 'admin detail');
    for (const r of everything.list.filter((x) => !seen.has(x.id)).slice(0, 3)) {
      const res = await region.call(a.detail, { params: { id: r.id } });
      expect(res.body.errcode, `detail ${r.id} outside the scope`).toBe(ERR.RECORD_NOT_FOUND);
    }
  });

  it('refuses the reads to a user without the page’s code, and the writes and export to one without the buttons', async () => {
    const a = api();
    const { list, total } = await listOf(admin, a, { pageSize: 1 });
    const id = list[0]?.id ?? MISSING_ID;
    const before = list[0] ? ok(await admin.call(a.detail, { params: { id } }), 'detail before') : null;
    if (a.list.access.kind === 'codes') {
      expect(REFUSED).toContain((await nobody.call(a.list)).body.errcode);
      expect(REFUSED).toContain((await nobody.call(a.detail, { params: { id } })).body.errcode);
    }
    const writes: [string, Promise<{ body: { errcode: string } }> | null][] = [
      ['create', a.create ? viewer.call(a.create, { body: {} }) : null],
      ['update', a.update ? viewer.call(a.update, { body: { id } }) : null],
      ['delete', a.delete ? viewer.call(a.delete, { body: { ids: [id] } }) : null],
      ['batch', a.batch ? viewer.call(a.batch, { body: { action: decl.batch![0]!.key, ids: [id] } }) : null],
      ['export', a.export ? viewer.call(a.export) : null],
    ];
    for (const [what, call] of writes) if (call) expect(REFUSED, what).toContain((await call).body.errcode);
    // Nothing the refused calls sent was written.
    expect((await listOf(admin, a, { pageSize: 1 })).total).toBe(total);
    if (before) expect(ok(await admin.call(a.detail, { params: { id } }), 'detail after')).toEqual(before);
  });

  it('exports every row the list shows, or answers 没有可导出的数据', async () => {
    const a = api();
    if (!a.export) return;
    const res = await admin.call(a.export);
    if ((await listOf(admin, a, { pageSize: 1 })).total === 0) {
      expect(res.body.errcode).toBe(ERR.EXCEL_EMPTY);
      return;
    }
    const { jobId } = ok(res, 'export') as { jobId: number };
    expect(await runNextExport(t.db, 'conformance')).toBe(jobId);
    // Counted when the job ran (queueing an export is itself an operation-log row).
    const total = (await listOf(admin, a, { pageSize: 1 })).total;
    const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: jobId });
    expect(file.status).toBe(200);
    const sheet = await readSheet(file.bytes as Buffer);
    expect(sheet.length - 1).toBe(total);
  });
});

describe('the declarations', () => {
  it('are all found, and each binding the app registers belongs to one of them', () => {
    expect(DECLS.length).toBeGreaterThan(20);
    for (const b of bindings.keys()) expect(DECLS, b.name).toContain(b);
  });

  it('leave no page code unknown to the resource table', async () => {
    for (const decl of DECLS) {
      const access = resourceApi(decl).list.access;
      if (access.kind !== 'codes') continue;
      for (const code of access.codes) {
        expect(await t.db.select().from(resource).where(eq(resource.code, code)), code).toHaveLength(1);
      }
    }
  });
});
