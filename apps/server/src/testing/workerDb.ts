/**
 * One seeded database per test worker, put back to its seeded state between test files.
 *
 * Opening a database for every test file (a PGlite dump load, or a PostgreSQL template copy, then
 * the start-up checks) cost each file 0.4–0.9 s on top of the module imports that `isolate: false`
 * now saves. Instead each worker opens one, and before handing it to the next file restores only
 * the tables the previous files wrote:
 *
 * - on opening, a copy of every table of the public schema is kept in the `zb_snap` schema, and a
 *   statement trigger on each table notes its name in `zb_test.dirty` on any insert, update,
 *   delete or truncate (a rolled-back write rolls its note back with it);
 * - a reset empties each noted table and copies it back from its snapshot, with triggers and
 *   foreign-key checks off (session_replication_role = replica), then sets every sequence back
 *   to its snapshot value, so the ids a file sees do not depend on which files ran before it.
 *   All in one DO block: one round trip, one transaction.
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
  const sequences = await rows<{ s: string; v: string | null; start: string }>(
    handle,
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as s, last_value::text as v, start_value::text as start
       from pg_sequences where schemaname = 'public'`,
  );
  const [version] = await rows<{ v: string | null }>(
    handle,
    `select value as v from app_setting where key = 'permissions_version'`,
  );
  const setup = [
    `create schema ${SNAP}`,
    `create schema ${TEST}`,
    `create table ${TEST}.dirty (t text not null)`,
    `create function ${TEST}.note() returns trigger language plpgsql as $f$
       begin insert into ${TEST}.dirty values (TG_TABLE_NAME); return null; end $f$`,
    ...[...tables.keys()].flatMap((t) => [
      `create table ${SNAP}.${q(t)} as table public.${q(t)}`,
      `create trigger zz_test_dirty after insert or update or delete or truncate on public.${q(t)}
         for each statement execute function ${TEST}.note()`,
    ]),
  ];
  // One DO block: postgres-js prepares each statement, which allows only one per call.
  await handle.db.execute(sql.raw(`do $do$ begin ${setup.map((s) => `execute ${lit(s)};`).join('\n')} end $do$`));

  const restoreOf = new Map(
    [...tables.values()].map((t) => {
      const list = t.columns.map(q).join(', ');
      return [
        t.name,
        `delete from public.${q(t.name)}; insert into public.${q(t.name)} (${list}) overriding system value select ${list} from ${SNAP}.${q(t.name)};`,
      ];
    }),
  );
  const resequence = sequences
    .map(({ s, v, start }) =>
      v === null ? `perform setval(${lit(s)}, ${start}, false);` : `perform setval(${lit(s)}, ${v});`,
    )
    .join('\n');
  const snapshotVersion = version?.v ?? null;

  return {
    handle,
    async reset() {
      const dirty = (await rows<{ t: string }>(handle, `select distinct t from ${TEST}.dirty`)).map((r) => r.t);
      if (dirty.length === 0) return;
      const [current] = await rows<{ v: string | null }>(
        handle,
        `select value as v from app_setting where key = 'permissions_version'`,
      );
      const restores = dirty.map((t) => restoreOf.get(t) ?? '').join('\n');
      const bump =
        snapshotVersion !== null && current?.v && current.v !== snapshotVersion
          ? `update app_setting set value = ${lit(String(BigInt(current.v) + 1n))} where key = 'permissions_version';`
          : '';
      await handle.db.execute(
        sql.raw(`do $do$ begin
          perform set_config('session_replication_role', 'replica', true);
          ${restores}
          ${resequence}
          ${bump}
          delete from ${TEST}.dirty;
        end $do$`),
      );
    },
  };
};
