/**
 * The database: embedded PGlite (default, data under DATA_DIR/pglite) or a PostgreSQL server
 * (DATABASE_URL). Both give the same drizzle API over the same schema and migrations.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { chunks, copyPlan, copyStatement, type Rows } from './copy';

/** What every query is written against: satisfied by both drivers. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction; usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of `db.execute`: postgres-js answers an array, PGlite an object with `rows`. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Loads rows with COPY (see db/copy.ts); answers how many went in. */
  copyIn(table: PgTable, keys: readonly string[], rows: Rows): Promise<number>;
  /**
   * Loads text already in COPY's text format (whole lines, in chunks of about a megabyte or more)
   * into the columns of `keys` (drizzle property names), for a generator that writes its lines
   * itself (seed/memberHistory.ts).
   */
  copyText(table: PgTable, keys: readonly string[], text: Iterable<string> | AsyncIterable<string>): Promise<void>;
  close(): Promise<void>;
}

/** Counts rows as they pass. */
const counting = (rows: Rows, seen: { n: number }): AsyncIterable<Record<string, unknown>> => ({
  async *[Symbol.asyncIterator]() {
    for await (const row of rows) {
      seen.n++;
      yield row;
    }
  },
});

/** Subscribes to a NOTIFY channel; resolves once listening. */
export type Listen = (channel: string, onNotify: () => void) => Promise<unknown>;

const listeners = new WeakMap<Db, Listen>();

/**
 * How to hear a database's notifications where one reaches this process before the writing call
 * returns: embedded PGlite (one process; its listeners run as the commit's answer is read).
 * None for PostgreSQL, whose notifications reach another instance only some time after.
 */
export const listenerOf = (db: Db): Listen | undefined => listeners.get(db);

/** Subscribes to a NOTIFY channel with its payloads; resolves, once listening, to its unsubscribe. */
export type Subscribe = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

const subscribers = new WeakMap<Db, Subscribe>();

/**
 * How to hear a database's notifications with their payloads, on either driver: PGlite's in this
 * process, PostgreSQL's on a connection of their own (postgres-js listens again after a reconnect).
 * For what every instance must hear whenever it arrives (platform/live); listenerOf is for what
 * must be heard before the writing call returns.
 */
export const subscriberOf = (db: Db): Subscribe | undefined => subscribers.get(db);

/** A handle over an open PGlite instance. */
export const pgliteHandle = async (client: PGlite): Promise<DbHandle> => {
  await client.waitReady;
  const db = drizzlePglite({ client });
  listeners.set(db, (channel, onNotify) => client.listen(channel, () => onNotify()));
  subscribers.set(db, (channel, onNotify) => client.listen(channel, onNotify));
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    copyIn: async (table, keys, rows) => {
      const plan = copyPlan(table, keys);
      const seen = { n: 0 };
      for await (const text of chunks(plan, counting(rows, seen), 8 << 20)) {
        await client.query(copyStatement(plan, "'/dev/blob'"), [], { blob: new Blob([text]) });
      }
      return seen.n;
    },
    copyText: async (table, keys, text) => {
      const statement = copyStatement(copyPlan(table, keys), "'/dev/blob'");
      for await (const chunk of text) await client.query(statement, [], { blob: new Blob([chunk]) });
    },
    close: () => client.close(),
  };
};

/** Embedded PGlite: in memory when dataDir is null, else in that folder (created first). */
export const openPglite = (dataDir: string | null): Promise<DbHandle> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteHandle(dataDir ? new PGlite(dataDir) : new PGlite());
};

/**
 * Settings of every connection to PostgreSQL. The data is expected on SSD-class storage, where a
 * random read costs little more than a sequential one (the PostgreSQL manual suggests lowering
 * random_page_cost for it): the planner then counts a list's total from an index, not the table.
 * JIT compilation is off: the report engine's prepared (generic) plans over the rollups estimate
 * about a million rows, which set PostgreSQL compiling each chain-wide report for 1.2–1.4 s of a
 * 1.3–1.5 s answer (the same statement answers in about 100 ms without it; bench/memberRollups.ts).
 *
 * work_mem is 32 MB, not the default 4 MB: the chain-wide reports sort or hash a month of facts
 * (会员持卡's distinct 持卡会员数 sorts ~131,000 cards by region and store; 业绩提成 groups its
 * lines), which at 4 MB spilled to disk (external merge). It is a limit per sort or hash node,
 * not an allocation: the pool's 10 connections each running a statement with three such nodes
 * could hold about 1 GB at worst (BENCHMARKS.md, s9-members).
 */
export const PG_CONNECTION = { random_page_cost: 1.1, jit: 'off', work_mem: '32MB' } as const;

/**
 * The client as drizzle sees it, with every statement prepared on its connection (postgres-js
 * keeps them by text): drizzle asks for a server-side prepared statement only for a named
 * `.prepare()`, so each call would otherwise be parsed and planned again — the session lookup
 * behind every request spends longer planning its joins than running them.
 */
const preparing = (client: postgres.Sql): postgres.Sql =>
  new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never[], { ...options, prepare: true });
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

export const openPostgres = async (url: string, max = 10): Promise<DbHandle> => {
  const client = postgres(url, { max, onnotice: () => {}, connection: PG_CONNECTION });
  const db = drizzlePostgres({ client: preparing(client) });
  /**
   * Subscriptions listen on a client of their own, opened with the first and ended with the last:
   * postgres-js keeps a listening connection open after its last unlisten, which would hold the
   * process (a test worker) after every app on the database has closed.
   */
  let listening: { sql: postgres.Sql; count: number } | null = null;
  subscribers.set(db, async (channel, onNotify) => {
    listening ??= { sql: postgres(url, { max: 1, onnotice: () => {} }), count: 0 };
    const own = listening;
    own.count++;
    const { unlisten } = await own.sql.listen(channel, onNotify);
    return async () => {
      await unlisten();
      if (--own.count > 0) return;
      if (listening === own) listening = null;
      await own.sql.end({ timeout: 5 });
    };
  });
  /**
   * A COPY on a connection of its own, held until it ends: postgres-js would otherwise pipeline
   * another caller's query onto a connection in COPY mode once every connection is busy (several
   * COPYs side by side on a small pool), which PostgreSQL answers by closing it.
   */
  const copyFrom = async (statement: string, text: Iterable<string> | AsyncIterable<string>): Promise<void> => {
    const own = await client.reserve();
    try {
      await pipeline(Readable.from(text), await own.unsafe(statement).writable());
    } finally {
      own.release();
    }
  };
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    copyIn: async (table, keys, rows) => {
      const plan = copyPlan(table, keys);
      const seen = { n: 0 };
      await copyFrom(copyStatement(plan, 'stdin'), chunks(plan, counting(rows, seen)));
      return seen.n;
    },
    copyText: (table, keys, text) => copyFrom(copyStatement(copyPlan(table, keys), 'stdin'), text),
    close: async () => {
      await listening?.sql.end({ timeout: 5 });
      await client.end({ timeout: 5 });
    },
  };
};

export const openDb = (opts: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(join(opts.dataDir, 'pglite'));
