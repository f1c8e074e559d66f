/**
 * The data generator behind `npm run seed`: a database of a scale, from nothing, the same for the
 * same seed. It refuses a database that already holds data unless asked to reset it, and answers
 * what it made: rows per table, time taken and the database's size.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { prepareDatabase } from './prepare';
import { SCALES, type ScaleName } from './scale';
import { copyStoreOrders } from './storeOrders';
import { seedStoresMore } from './storesMore';

export interface GenerateOptions {
  scale: ScaleName;
  seed: number;
  /** Drop every table first. */
  reset: boolean;
  /** The order history ends the day before (default: today); the same seed and day give the same rows. */
  now?: Date;
}

export interface GenerateReport {
  seconds: number;
  databaseBytes: number;
  rows: Record<string, number>;
}

/** The tables the report counts, in the order a reader wants them. */
export const REPORTED_TABLES = [
  'region',
  'store',
  'staff',
  'product',
  'project',
  'card',
  'hier_content',
  'store_order',
  'store_order_line',
  'store_stock',
  'stock_movement',
  'member',
  'member_card',
  'member_consume',
  'card_ledger',
  'marketing_real_card',
] as const;

export class DatabaseNotEmpty extends Error {}

/** Rows of a raw query on either driver. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const tableExists = async (handle: DbHandle, name: string): Promise<boolean> => {
  const [row] = rowsOf<{ t: string | null }>(
    await handle.db.execute(sql`select to_regclass(${`public.${name}`}) as t`),
  );
  return row?.t != null;
};

export const generate = async (handle: DbHandle, opts: GenerateOptions): Promise<GenerateReport> => {
  const started = performance.now();
  if (opts.reset) {
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`drop schema public cascade`);
    await handle.db.execute(sql`create schema public`);
  } else if (await tableExists(handle, 'user_account')) {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from user_account`));
    if ((row?.n ?? 0) > 0) throw new DatabaseNotEmpty('数据库里已有数据：加 --reset 清空后重新生成');
  }
  const scale = SCALES[opts.scale];
  const now = opts.now ?? new Date();
  await prepareDatabase(handle, { scale, seed: opts.seed, now });
  if (scale.bulkHistory) {
    await copyStoreOrders(handle, { scale, seed: opts.seed, now });
    await handle.db.transaction((tx) => seedStoresMore(tx));
  }
  await handle.db.execute(sql`analyze`);
  const rows: Record<string, number> = {};
  for (const table of REPORTED_TABLES) {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
    rows[table] = row?.n ?? 0;
  }
  const [size] = rowsOf<{ bytes: string | number }>(
    await handle.db.execute(sql`select pg_database_size(current_database()) as bytes`),
  );
  return { seconds: (performance.now() - started) / 1000, databaseBytes: Number(size?.bytes ?? 0), rows };
};
