/**
 * The fuzz walk over the app's whole route list (taken from the app, so a new route is walked
 * without anyone listing it), signed in as admin: malformed path parameters, queries and JSON
 * bodies — NUL, broken Unicode, 100 KB strings, `__proto__`, impossible dates, -1, abc, numbers
 * past int4 and past 2^53, booleans, objects and arrays where an id belongs. Every answer must be
 * an envelope below 500, and a refused write must leave every table as it was.
 *
 * The input schemas of each route come from its contract record (RecordedRoute.endpoint): each
 * value goes into every field of its kind (text, day, number; arrays are entered at one item)
 * with the other fields plausible, so it gets as far as the database. A route's probes that were
 * all refused must leave every table's row count and newest row version as they were (the logs
 * of the requests themselves and the session's last use aside); a route where some probe was
 * accepted may write, and its tables are not compared.
 */
import { ERR } from '@zb/contract/errcodes';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { storeOrder, storeOrderLine } from '../modules/storeOrders/schema';
import { store } from '../modules/stores/schema';
import { SIM_PREFIX } from '../modules/wxwork/simulator';
import { createTestApp, type TestApp } from '../testing/testApp';
import { type CallResult, fieldsOf, isEnvelope, type TestClient } from '../testing/testClient';
import type { RecordedRoute } from './context';
import { isApiPath } from './envelope';

let t: TestApp;
let admin: TestClient;
let routes: RecordedRoute[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  routes = t.app.routeList.filter(
    (r) => r.method !== 'HEAD' && isApiPath(r.url) && !r.url.startsWith(`${SIM_PREFIX}/`) && !r.endpoint?.stream,
  );
});
afterAll(() => t.close());

// ---- reading a route's schemas -------------------------------------------------------------

type Schema = z.ZodType;
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

/** The schema under wrappers (optional, default, preprocess…): what decides the value's shape. */
const unwrap = (s: Schema): Schema => {
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        s = def.innerType as Schema;
        break;
      case 'pipe': {
        const inner = def.in as Schema;
        s = defOf(inner).type === 'transform' ? (def.out as Schema) : inner;
        break;
      }
      default:
        return s;
    }
  }
  return s;
};

const shapeOf = (s: Schema | undefined): Record<string, Schema> | null => {
  if (!s) return null;
  const u = unwrap(s);
  const def = defOf(u);
  return def.type === 'object' ? (def.shape as Record<string, Schema>) : null;
};

/** Every leaf of a body: its path and schema; arrays are entered at their first item. */
const leavesOf = (s: Schema, path: (string | number)[] = []): { path: (string | number)[]; schema: Schema }[] => {
  const shape = shapeOf(s);
  if (shape) return Object.entries(shape).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  const u = unwrap(s);
  const def = defOf(u);
  if (def.type === 'array') return leavesOf(def.element as Schema, [...path, 0]);
  return [{ path, schema: s }];
};

/** A value of the schema's shape: each leaf as `pick` says (undefined leaves it out). */
const build = (s: Schema, pick: (leaf: Schema) => unknown): unknown => {
  const shape = shapeOf(s);
  if (shape) {
    const entries = Object.entries(shape).map(([k, v]) => [k, build(v, pick)] as const);
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  }
  const def = defOf(unwrap(s));
  if (def.type === 'array' && shapeOf(def.element as Schema)) return [build(def.element as Schema, pick)];
  return pick(s);
};

/** A field that takes a number (1) and not text ('abc'): an id, an amount, a count. */
const isNumeric = (s: Schema, one: unknown) => {
  const r = s.safeParse(one);
  return r.success && typeof r.data === 'number' && !s.safeParse('abc').success;
};

type Kind = 'text' | 'day' | 'number' | 'other';

/** The kind of a field: free text, a day, a number; 'other' for the rest (enums, booleans, lists of them). */
const kindOf = (s: Schema): Kind => {
  if (isNumeric(s, 1) || isNumeric(s, '1')) return 'number';
  if (s.safeParse('abc').success) return 'text';
  if (s.safeParse('2026-01-01').success) return 'day';
  return 'other';
};

/** A value the field takes, so that a probe reaches past it to the field under test. */
const plausible = (s: Schema): unknown => {
  const def = defOf(unwrap(s));
  const options = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : [];
  const sample = [...options, 1, 'abc', '2026-01-01', true, [], '2026-01-01T00:00:00+08:00'];
  return sample.find((v) => s.safeParse(v).success);
};

/**
 * A probe's input: `value` in every field of its kind (text values in text fields, number values
 * in number fields), every other field plausible, so the value gets as far as the database. An
 * 'other' value goes only where the field's schema takes it (null into what may be emptied): one
 * field refusing it would stop the request before the fields that take it reach the database.
 */
const aimed = (s: Schema, value: unknown, kind: Kind) => {
  let hits = 0;
  const input = build(s, (leaf) => {
    if (kind === 'other') {
      if (kindOf(leaf) !== 'other' || !leaf.safeParse(value).success) return plausible(leaf);
      hits++;
      return value;
    }
    // A list of ids or texts gets the value as its one item; a list not aimed at stays empty.
    const def = defOf(unwrap(leaf));
    if (def.type === 'array' && kindOf(def.element as Schema) === kind) {
      hits++;
      return [value];
    }
    if (kindOf(leaf) !== kind) return plausible(leaf);
    hits++;
    return value;
  });
  return hits ? input : null;
};

// ---- what is sent --------------------------------------------------------------------------

const BIG = 'x'.repeat(100 * 1024);
const HUGE_DIGITS = '99999999999999999999';

/**
 * Values for path parameters, written as they go on the URL. One of each kind: the schemas read
 * every value of a kind alike, and the walk stays fast enough to run on both databases in every
 * `npm test`.
 */
const PARAM_VALUES = ['%00', '-1', 'abc', '1e3', HUGE_DIGITS, '2147483648', 'true', '%ED%A0%80'];

/** Values for the fields of each kind in a query (strings, as query strings are). */
const QUERY_VALUES: [Kind, string][] = [
  ['text', 'a\u0000b'],
  ['text', BIG.slice(0, 4000)],
  ['day', '2026-02-30'],
  ['day', 'a\u0000b'],
  ...['-1', 'abc', '1e3', HUGE_DIGITS, '2147483648', 'true'].map((v): [Kind, string] => ['number', v]),
];

/** Values for the fields of each kind in a JSON body. */
const BODY_VALUES: [Kind, unknown][] = [
  ['text', 'a\u0000b'],
  ['text', '\ud800'],
  ['text', BIG],
  ['day', '2026-02-30'],
  ...[-1, 'abc', 1e20, 2147483648, true, {}, [], null].map((v): [Kind, unknown] => ['number', v]),
  // Enums, booleans and the like: emptied (null clears only what may be empty), or not of their shape.
  ...[null, 'no-such-value', {}].map((v): [Kind, unknown] => ['other', v]),
];

/** Whole bodies that are not the schema's shape at all (malformed JSON: envelope.test.ts). */
const RAW_BODIES = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '[]',
  `{"x":${'['.repeat(2000)}${']'.repeat(2000)}}`,
];

const urlOf = (r: RecordedRoute, param = '999999') => r.url.replace(/:[A-Za-z]+/g, param);

/** A file answered on success (an export, a template, an image): the one answer that is not an envelope. */
const isStreamed = (res: CallResult<unknown>) =>
  res.status === 200 && !String(res.headers['content-type'] ?? '').startsWith('application/json');

/** Probes of one route sent at once: the walk waits on the database less. */
const BATCH = 8;

const send = (method: string, url: string, opts: { body?: unknown; rawBody?: string }): Promise<CallResult<unknown>> =>
  admin.request(
    method,
    url,
    opts.rawBody !== undefined
      ? { rawBody: opts.rawBody, headers: { 'content-type': 'application/json' } }
      : opts.body !== undefined
        ? { body: opts.body }
        : {},
  );

// ---- what must not change ------------------------------------------------------------------

/** Written by any request on its own behalf: the request's own logs and the session's last use. */
const LOG_TABLES = new Set(['api_log', 'operation_log', 'session', 'system_event']);

let tables: string[] = [];

/** Per table: row count and the newest row version (xmin), so an insert, update or delete shows. */
const fingerprint = async (): Promise<Map<string, string>> => {
  if (tables.length === 0) {
    const rows = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { tablename: string }[] | { rows: { tablename: string }[] };
    const list = Array.isArray(rows) ? rows : rows.rows;
    tables = list.map((r) => r.tablename).filter((n) => !LOG_TABLES.has(n) && !n.startsWith('__'));
  }
  const union = tables
    .map(
      (n) => `select '${n}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as f from "${n}"`,
    )
    .join(' union all ');
  const res = (await t.db.execute(sql.raw(union))) as unknown as
    | { t: string; f: string }[]
    | { rows: { t: string; f: string }[] };
  const list = Array.isArray(res) ? res : res.rows;
  return new Map(list.map((r) => [r.t, r.f]));
};

const changed = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((k) => a.get(k) !== b.get(k));

// ---- the walk ------------------------------------------------------------------------------

interface Probe {
  method: string;
  url: string;
  body?: unknown;
  rawBody?: string;
  what: string;
}

/**
 * The probes of one route. Each value goes into every field of its kind at once, the others
 * plausible; a part the route declares no schema for is never read, so it gets the one probe every
 * part gets (a NUL, refused by the registry before any schema).
 */
const probesOf = (r: RecordedRoute): Probe[] => {
  const probes: Probe[] = [];
  const e = r.endpoint;
  const at = (url: string, what: string, more: Partial<Probe> = {}) =>
    probes.push({ method: r.method, url, what, ...more });
  if (r.url.includes(':')) for (const p of PARAM_VALUES) at(urlOf(r, p), `param ${p}`);
  const extra = { id: 'a\u0000b', __proto__: 'x', constructor: 'x' };
  for (const [kind, v] of e?.query ? QUERY_VALUES : []) {
    const q = aimed(e!.query!, v, kind) as Record<string, unknown> | null;
    if (!q) continue;
    const pairs = Object.entries(q).map(([k, x]): [string, string] => [k, Array.isArray(x) ? '' : String(x)]);
    at(`${urlOf(r)}?${new URLSearchParams(pairs).toString()}`, `query ${kind} ${JSON.stringify(v.slice(0, 20))}`);
  }
  at(`${urlOf(r)}?${new URLSearchParams(Object.entries(extra)).toString()}`, 'query extra keys');
  // A key given twice reads as an array.
  const keys = Object.keys(shapeOf(e?.query) ?? {});
  if (keys.length) at(`${urlOf(r)}?${keys.map((k) => `${k}=1&${k}=2`).join('&')}`, 'query arrays');
  if (r.method === 'POST' || r.method === 'PUT' || r.method === 'DELETE') {
    const schema = e?.body;
    if (schema) {
      for (const [kind, v] of BODY_VALUES) {
        const body = aimed(schema, v, kind);
        if (body) at(urlOf(r), `body ${kind} ${String(JSON.stringify(v))?.slice(0, 20)}`, { body });
      }
    } else at(urlOf(r), 'body NUL', { body: { id: 'a\u0000b' } });
    for (const raw of schema ? RAW_BODIES : RAW_BODIES.slice(0, 1))
      at(urlOf(r), `raw ${raw.slice(0, 30)}`, { rawBody: raw });
  }
  return probes;
};

const orderCount = async () => (await t.db.select({ n: count() }).from(storeOrder))[0]!.n;

describe('the cases found by hand (issue 12)', () => {
  it('a NUL in a filter, a path or a body field is a field error naming it', async () => {
    const nulName = '不能包含空字符（\\u0000）';
    const cases: [string, string, unknown, string][] = [
      ['GET', '/rest/shop/list?name=a%00b', undefined, 'name'],
      ['GET', '/rest/staffList/list?phone=a%00b', undefined, 'phone'],
      ['GET', '/rest/shop/findByCode/%00', undefined, 'code'],
      ['GET', '/rest/shop/export?name=a%00b', undefined, 'name'],
      ['POST', '/rest/package/save', { name: 'a\u0000b' }, 'name'],
      ['POST', '/rest/package/save', { name: 'ok', 'a\u0000': 1 }, 'a\\u0000'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await admin.request(method, url, body === undefined ? {} : { body });
      expect(res.status, url).toBe(200);
      expect(res.body.errcode, url).toBe(ERR.PARAM_INVALID);
      expect(fieldsOf(res.body), url).toEqual({ [field]: nulName });
    }
  });

  it('an order for store `true`, "1", {} or [1] is a field error and makes no order', async () => {
    const [line] = await t.db
      .select({ productId: storeOrderLine.productId, kind: storeOrder.kind })
      .from(storeOrderLine)
      .innerJoin(storeOrder, eq(storeOrder.id, storeOrderLine.orderId))
      .where(isNotNull(storeOrderLine.productId))
      .limit(1);
    const [shop] = await t.db.select({ id: store.id }).from(store).where(eq(store.status, 'open')).limit(1);
    const body = (storeId: unknown) => ({
      storeId,
      kind: line!.kind,
      lines: [{ itemId: line!.productId, quantity: 1 }],
    });
    const before = await orderCount();
    for (const storeId of [true, '1', {}, [1], 2 ** 31]) {
      const res = await admin.request('POST', '/rest/storeOrder/submit', { body: body(storeId) });
      expect(res.body.errcode, JSON.stringify(storeId)).toBe(ERR.PARAM_INVALID);
      expect(Object.keys(fieldsOf(res.body)), JSON.stringify(storeId)).toEqual(['storeId']);
      const material = await admin.request('POST', '/rest/materialOrder/submit', { body: { storeId, lines: [] } });
      expect(fieldsOf(material.body).storeId, JSON.stringify(storeId)).toBeDefined();
    }
    expect(await orderCount()).toBe(before);
    // The same order for a real store is taken: the refusals above were the store id's alone.
    const taken = await admin.request('POST', '/rest/storeOrder/submit', { body: body(shop!.id) });
    expect(taken.body.errcode, taken.body.errmsg).toBe(ERR.OK);
  });

  it('an id in a query string is decimal digits: 12 is read, true, abc, 1e3, -1 and 99999999999999999999 are field errors', async () => {
    const [shop] = await t.db.select({ id: store.id }).from(store).limit(1);
    const ok = await admin.request('GET', `/rest/shop/stock?storeId=${shop!.id}`);
    expect(ok.body.errcode, ok.body.errmsg).not.toBe(ERR.PARAM_INVALID);
    for (const v of ['true', 'abc', '1e3', '-1', '1.5', HUGE_DIGITS, '2147483648']) {
      const res = await admin.request('GET', `/rest/shop/stock?storeId=${v}`);
      expect(res.status, v).toBe(200);
      expect(res.body.errcode, v).toBe(ERR.PARAM_INVALID);
      expect(Object.keys(fieldsOf(res.body)), v).toEqual(['storeId']);
    }
  });
});

describe('numbers are numbers', () => {
  it('in a JSON body, no number field takes a boolean, a numeric string, an object or an array', () => {
    const lax: string[] = [];
    for (const r of routes) {
      if (!r.endpoint?.body) continue;
      for (const leaf of leavesOf(r.endpoint.body)) {
        if (!isNumeric(leaf.schema, 1)) continue;
        for (const v of [true, false, '1', {}, [], [1], 2 ** 53, 2 ** 31]) {
          if (leaf.schema.safeParse(v).success)
            lax.push(`${r.method} ${r.url} ${leaf.path.join('.')} takes ${JSON.stringify(v)}`);
        }
      }
    }
    expect(lax).toEqual([]);
  });

  it('in a query string or a path, a number field takes decimal digits only, within int4', () => {
    const lax: string[] = [];
    for (const r of routes) {
      for (const part of [r.endpoint?.query, r.endpoint?.params]) {
        for (const [key, schema] of Object.entries(shapeOf(part) ?? {})) {
          if (!isNumeric(schema, '1')) continue;
          for (const v of ['true', '1e3', '1.5', ' 1', '0x10', HUGE_DIGITS, '2147483648', ['1', '2']]) {
            if (schema.safeParse(v).success) lax.push(`${r.method} ${r.url} ${key} takes ${JSON.stringify(v)}`);
          }
        }
      }
    }
    expect(lax).toEqual([]);
  });
});

describe('the fuzz walk', () => {
  it('gets an envelope below 500 from every route, and a refused write changes no table', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const r of routes) {
      const writes = r.method !== 'GET';
      const before = writes ? await fingerprint() : null;
      let accepted = false;
      const probes = probesOf(r);
      const answers: CallResult<unknown>[] = [];
      for (let i = 0; i < probes.length; i += BATCH) {
        answers.push(...(await Promise.all(probes.slice(i, i + BATCH).map((p) => send(p.method, p.url, p)))));
      }
      // A route that ended the session (logout…) had its later probes refused as signed out: sign in again.
      if (answers.some((res) => res.status === 401)) admin = await t.signIn('admin', 'admin123');
      for (const [i, res] of answers.entries()) {
        const p = probes[i]!;
        const where = `${r.method} ${r.url} [${p.what}]`;
        if (res.status >= 500) failures.push(`${where}: HTTP ${res.status} ${res.raw.slice(0, 200)}`);
        else if (isStreamed(res)) accepted = true;
        else if (!isEnvelope(res.body)) failures.push(`${where}: not an envelope: ${res.raw.slice(0, 200)}`);
        else if (res.body.errcode === ERR.OK) accepted = true;
      }
      if (before && !accepted) {
        const diff = changed(before, await fingerprint());
        if (diff.length) failures.push(`${r.method} ${r.url}: refused requests changed ${diff.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
