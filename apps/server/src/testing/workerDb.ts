/**
 * One seeded database per test worker, put back to its seeded state between test files.
 *
 * Opening a database for every test file (a PGlite dump load, or a PostgreSQL template copy, then
 * the start-up checks) cost each file 0.4–0.9 s on top of the module imports that `isolate: false`
 * now saves. Instead each worker opens one, and before handing it to the next file restores only
 * the tables the previous files wrote:
 *
 * - on opening, a copy of every table of the public schema is kept in the `zb_snap` schema, and a
 *   statement trigger on each table advances that table's sequence in the `zb_test` schema on any
 *   insert, update, delete or truncate. A sequence, not a row: it takes no lock (concurrent
 *   writers never wait on one another's note) and writes no row a test could count; a
 *   rolled-back write stays noted, which only costs its table one restore;
 * - a reset truncates each noted table (with the tables that refer to it, which TRUNCATE demands)
 *   and copies it back from its snapshot, with triggers and foreign-key checks off
 *   (session_replication_role = replica), then sets every sequence back to its snapshot value,
 *   so the ids a file sees do not depend on which files ran before it. All in one DO block: one
 *   round trip, one transaction. TRUNCATE rather than DELETE: a fresh heap hands rows back in
 *   the order they were written, as a new database does (a DELETE leaves free space that later
 *   rows fill, and an unordered read then answers them out of order).
 *
 * The permissions version (migration 0005) is the one value an instance's memory keys on
 * (roleCodes.ts keeps role codes per Db and version): when a reset undoes a change of
 * permissions, it moves the version past every value used so far instead of back, so a code list
 * kept by an earlier file is never mistaken for the current one.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';

const SNAP = 'zb_snap';
const TEST = 'zb_test';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The sequence a table's trigger advances when the table is written. */
const mark = (table: string) => `${TEST}.${q(`w_${table}`)}`;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

const rows = async <T>(handle: DbHandle, query: string): Promise<T[]> => {
  const res = (await handle.db.execute(sql.raw(query))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
};

interface TableInfo {
  name: string;
  /** Columns a restore writes: all but generated ones. */
  columns: string[];
}

export interface Resettable {
  handle: DbHandle;
  /** Puts the database back to the state it was in when snapshotted; a no-op when nothing was written. */
  reset(): Promise<void>;
}

/** Snapshots every public table of a freshly prepared database and starts noting writes. */
export const makeResettable = async (handle: DbHandle): Promise<Resettable> => {
  const tables = new Map<string, TableInfo>();
  const cols = await rows<{ t: string; c: string }>(
    handle,
    `select c.relname as t, a.attname as c
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  for (const { t, c } of cols) {
    const info = tables.get(t) ?? { name: t, columns: [] };
    info.columns.push(c);
    tables.set(t, info);
  }
  // Read from each sequence itself: pg_sequences shows no value for one set with is_called false
  // (the seed's setval(…, max + 1, false)).
  const sequenceNames = (
    await rows<{ s: string }>(
      handle,
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as s from pg_sequences where schemaname = 'public'`,
    )
  ).map((r) => r.s);
  const sequences = sequenceNames.length
    ? await rows<{ s: string; v: string; called: boolean }>(
        handle,
        sequenceNames
          .map((s) => `select ${lit(s)} as s, last_value::text as v, is_called as called from ${s}`)
          .join(' union all '),
      )
    : [];
  const [version] = await rows<{ v: string | null }>(
    handle,
    `select value as v from app_setting where key = 'permissions_version'`,
  );
  const setup = [
    `create schema ${SNAP}`,
    `create schema ${TEST}`,
    `create function ${TEST}.note() returns trigger language plpgsql as $f$
       begin perform nextval(TG_ARGV[0]::regclass); return null; end $f$`,
    ...[...tables.keys()].flatMap((t) => [
      `create table ${SNAP}.${q(t)} as table public.${q(t)}`,
      `create sequence ${mark(t)}`,
      `create trigger zz_test_written after insert or update or delete or truncate on public.${q(t)}
         for each statement execute function ${TEST}.note(${lit(mark(t))})`,
    ]),
  ];
  // One DO block: postgres-js prepares each statement, which allows only one per call.
  await handle.db.execute(sql.raw(`do $do$ begin ${setup.map((s) => `execute ${lit(s)};`).join('\n')} end $do$`));

  // A table's rows go back with TRUNCATE (a fresh heap: rows read back in the order they were
  // written, as in a new database), which must take every table that refers to it along.
  const referrers = new Map<string, string[]>();
  const fks = await rows<{ child: string; parent: string }>(
    handle,
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  for (const { child, parent } of fks) referrers.set(parent, [...(referrers.get(parent) ?? []), child]);
  const withReferrers = (dirty: Iterable<string>): string[] => {
    const out = new Set<string>();
    const visit = (t: string) => {
      if (out.has(t) || !tables.has(t)) return;
      out.add(t);
      for (const r of referrers.get(t) ?? []) visit(r);
    };
    for (const t of dirty) visit(t);
    return [...out];
  };
  const refill = (t: TableInfo) => {
    const list = t.columns.map(q).join(', ');
    return `insert into public.${q(t.name)} (${list}) overriding system value select ${list} from ${SNAP}.${q(t.name)};`;
  };
  const resequence = sequences
    .map(({ s, v, called }) => `perform setval(${lit(s)}, ${v}, ${called ? 'true' : 'false'});`)
    .join('\n');
  const snapshotVersion = version?.v ?? null;

  const written = `select t from (${[...tables.keys()]
    .map((t) => `select ${lit(t)} as t, is_called from ${mark(t)}`)
    .join(' union all ')}) w where is_called`;

  const restore = async (dirty: readonly string[], bump: string) => {
    const names = withReferrers(dirty);
    await handle.db.execute(
      sql.raw(`do $do$ begin
        perform set_config('session_replication_role', 'replica', true);
        truncate ${names.map((t) => `public.${q(t)}`).join(', ')};
        ${names.map((t) => refill(tables.get(t)!)).join('\n')}
        ${resequence}
        ${bump}
        ${[...dirty].map((t) => `perform setval(${lit(mark(t))}, 1, false);`).join('\n')}
      end $do$`),
    );
  };
  // Every file, the worker's first included, starts from the same freshly written tables.
  await restore([...tables.keys()], '');

  return {
    handle,
    async reset() {
      const dirty = (await rows<{ t: string }>(handle, written)).map((r) => r.t);
      if (dirty.length === 0) return;
      const [current] = await rows<{ v: string | null }>(
        handle,
        `select value as v from app_setting where key = 'permissions_version'`,
      );
      const bump =
        snapshotVersion !== null && current?.v && current.v !== snapshotVersion
          ? `update app_setting set value = ${lit(String(BigInt(current.v) + 1n))} where key = 'permissions_version';`
          : '';
      await restore(dirty, bump);
    },
  };
};
