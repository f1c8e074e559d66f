/**
 * The data generator behind `npm run seed`: a database of a scale, from nothing, the same for the
 * same seed. It refuses a database that already holds data unless asked to reset it, and answers
 * what it made: rows per table, time taken and the database's size.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { rebuildBillRollups } from '../modules/bills/rollups';
import { scanCardAnomalies } from '../modules/memberAssets/anomalies';
import { rebuildMemberRollups } from '../modules/members/rollups';
import { fillBillFacts } from './billFacts';
import { copyMemberHistory } from './memberHistory';
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
  /**
   * Members to load with COPY instead of the scale's `bulkMembers` (a smaller large world while
   * developing; tests use a few thousand on the demo world). 0: none.
   */
  members?: number;
  /**
   * false: the world without the demo's history (store orders, members and their bills, the mall,
   * deposits, settlement): stores, staff, goods and accounts only. Tests of the generator itself
   * use it where a whole history (half a minute) proves nothing more.
   */
  history?: boolean;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export interface GenerateReport {
  seconds: number;
  databaseBytes: number;
  rows: Record<string, number>;
  /** Seconds of each step that took long enough to note. */
  steps: Record<string, number>;
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
  'stock_store_type',
  'stock_product_total',
  'member',
  'member_card',
  'member_card_session',
  'card_top_up',
  'member_consume',
  'member_consume_line',
  'card_ledger',
  'bill_payment',
  'bill_share',
  'member_flow_day',
  'member_flow_month',
  'member_balance_month',
  'member_store_flow_day',
  'member_store_flow_month',
  'member_store_balance_month',
  'member_card_flow_day',
  'member_card_flow_month',
  'member_card_balance_month',
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
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string) => {
    const t = performance.now();
    steps[name] = (t - mark) / 1000;
    mark = t;
    opts.log?.(`  ${name}: ${steps[name]!.toFixed(1)} 秒`);
  };
  await prepareDatabase(handle, { scale, seed: opts.seed, now, history: opts.history });
  step('world');
  if (scale.bulkHistory) {
    await copyStoreOrders(handle, { scale, seed: opts.seed, now });
    await handle.db.transaction((tx) => seedStoresMore(tx));
    step('store orders');
  }
  const members = opts.members ?? scale.bulkMembers;
  if (members > 0) {
    const report = await copyMemberHistory(handle, {
      seed: opts.seed,
      members,
      now,
      days: Math.round(scale.orderMonths * 30.4375),
      onProgress: (n, seconds) => {
        if (n % 200_000 === 0) opts.log?.(`    会员 ${n.toLocaleString('en')}（${seconds.toFixed(0)} 秒）`);
      },
    });
    steps['members: generate and COPY'] = report.loadSeconds;
    steps['members: indexes and keys'] = report.indexSeconds;
    opts.log?.(
      `    生成并 COPY ${report.loadSeconds.toFixed(1)} 秒，重建索引和外键 ${report.indexSeconds.toFixed(1)} 秒`,
    );
    step('members');
    // The bills' payments, shares and kinds, as the bill service writes them (seed/billFacts.ts).
    const facts = await fillBillFacts(handle, { log: opts.log });
    steps['bill facts: insert'] = facts.fillSeconds;
    steps['bill facts: indexes and keys'] = facts.indexSeconds;
    step('bill facts');
    // COPY went past the ledger's writers, which keep the rollups: build them from the facts.
    await rebuildMemberRollups(handle, now);
    await rebuildBillRollups(handle);
    step('member rollups');
    // The same for /abnormalCardList's findings: every card checked.
    await scanCardAnomalies(handle.db);
    step('abnormal cards');
  }
  await handle.db.execute(sql`analyze`);
  step('analyze');
  const rows: Record<string, number> = {};
  for (const table of REPORTED_TABLES) {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
    rows[table] = row?.n ?? 0;
  }
  const [size] = rowsOf<{ bytes: string | number }>(
    await handle.db.execute(sql`select pg_database_size(current_database()) as bytes`),
  );
  return { seconds: (performance.now() - started) / 1000, databaseBytes: Number(size?.bytes ?? 0), rows, steps };
};
