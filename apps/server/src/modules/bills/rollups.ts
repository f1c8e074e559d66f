/**
 * The bill rollups (schema.ts: bill_day, bill_pay_day, bill_line_day, bill_draw_day), per Beijing
 * day of the bill × the bill's store, which the bill lists and the bill finance reports read so
 * a chain-wide month never sums its million bills:
 *
 * - bill_day: every bill by its /billingList key (status, kind, source, refund state): bills,
 *   total, 划卡, 其他支付, 已退款;
 * - bill_pay_day: every bill once per payment method it has, with the same figures (the 支付方式
 *   filter), and its payments' amount by that method (财务大表, 门店日结 by method);
 * - bill_line_day: the lines of the completed bills by line kind, with their staff shares' 业绩
 *   (sales, 销售明细's 共 N 条 and 合计);
 * - bill_draw_day: the card draws (card_ledger consume rows) of the completed bills (耗卡);
 * - bill_fin_day: the four's figures of the completed bills at /finance's grain (day × store, one
 *   row: sales by kind, 次卡金额, draws, payments by method), folded from the same deltas.
 *
 * Kept by triggers on the facts (migration 0047: member_consume insert and update,
 * member_consume_line insert and update, bill_payment, bill_share and card_ledger insert), so every writer
 * — the bill service, the ledger's batch, a refund, 关单, the demo seed — keeps them without
 * knowing: each statement APPENDS its change to bill_rollup_delta in the writer's transaction (no
 * row shared with another writer, so concurrent bills of one store and day never wait on each
 * other), and `foldBillRollups` adds the committed deltas into the rollups in one statement
 * before every report read (platform/report/query.ts beforeReportRead), as the member rollups'
 * fold does. The definitions live once, in the database: `bill_rollups_fill(prefix)` fills the
 * tables from the facts (the migration, `rebuildBillRollups`, and `checkBillRollups` into
 * temporary copies it compares row for row). Bills, payments and ledger rows are never deleted
 * (关单 closes a bill), and a payment's method and amount, and a staff share, never change (only
 * what was refunded of a payment): the triggers follow no such change, and `--check` would show one.
 */
import { BILL_PAY_METHODS } from '@zb/contract/entities/bill';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, type DbHandle, rowsOf, type Tx } from '../../db/client';
import type { QueryInput } from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { FIN_SALES, finPayColumn } from './schema';

type RollupDb = Db | Tx | DbHandle;
const dbOf = (d: RollupDb): Db | Tx => ('copyIn' in d ? d.db : d);

/** The advisory lock key the bill folds take (one fold at a time; writers never take it). */
const FOLD_LOCK = 0x62696c6c; // 'bill'

interface Family {
  table: string;
  key: string[];
  measures: string[];
}

const BILL_MEASURES = ['n', 'total', 'paid_by_card', 'paid_other', 'refunded'];
const BILL_KEY = ['day', 'store_id', 'status', 'kind', 'source', 'refund_state'];

/** The rollups by their delta's `fam`. */
export const BILL_FAMILIES: readonly Family[] = [
  { table: 'bill_day', key: BILL_KEY, measures: BILL_MEASURES },
  { table: 'bill_pay_day', key: [...BILL_KEY, 'method'], measures: [...BILL_MEASURES, 'amount'] },
  {
    table: 'bill_line_day',
    key: ['day', 'store_id', 'item_kind'],
    measures: ['n', 'quantity', 'amount', 'card_amount', 'combo_amount', 'refunded', 'performance'],
  },
  { table: 'bill_draw_day', key: ['day', 'store_id'], measures: ['n', 'principal', 'bonus', 'sessions'] },
];

const PAY_METHODS = BILL_PAY_METHODS.map((m) => m.value);

/**
 * bill_fin_day (/finance's and /storeSettlement's grain: day × store, completed bills only): each
 * measure with what it adds up of the four families' deltas, so the fold keeps it from the same
 * deltas (the fill, bill_rollups_fill, makes it from the four filled tables).
 */
const FIN_MEASURES: readonly (readonly [column: string, sum: string])[] = [
  ['n', `sum(n) filter (where fam = 0)`],
  ['total', `sum(total) filter (where fam = 0)`],
  ...Object.entries(FIN_SALES).map(
    ([kind, c]) => [c, `sum(amount) filter (where fam = 2 and item_kind = '${kind}')`] as const,
  ),
  ['combo_amount', `sum(combo_amount) filter (where fam = 2)`],
  ...['principal', 'bonus', 'sessions'].map((c) => [c, `sum(${c}) filter (where fam = 3)`] as const),
  ...PAY_METHODS.map((m) => [finPayColumn(m), `sum(amount) filter (where fam = 1 and method = '${m}')`] as const),
];
const FIN: Family = { table: 'bill_fin_day', key: ['day', 'store_id'], measures: FIN_MEASURES.map(([c]) => c) };

/** Every bill rollup: the four families and bill_fin_day. */
const ALL_ROLLUPS: readonly Family[] = [...BILL_FAMILIES, FIN];
export const BILL_ROLLUP_TABLES = ALL_ROLLUPS.map((f) => f.table);

const upsert = (f: Family) =>
  `on conflict (${f.key.join(', ')}) do update set ${f.measures.map((m) => `${m} = ${f.table}.${m} + excluded.${m}`).join(', ')}`;

/** The one statement of a fold: every delta deleted and added, per family and key, to its rollup. */
const FOLD_SQL = (() => {
  const ctes = ['d as (delete from bill_rollup_delta returning *)'];
  for (const [i, f] of BILL_FAMILIES.entries()) {
    const keys = f.key.join(', ');
    const order = f.key.map((_, j) => String(j + 1)).join(', ');
    ctes.push(`f${i} as (insert into ${f.table} (${keys}, ${f.measures.join(', ')})
      select ${keys}, ${f.measures.map((m) => `sum(${m})`).join(', ')} from d where fam = ${i}
      group by ${order} order by ${order}
      ${upsert(f)})`);
  }
  ctes.push(`fin as (insert into bill_fin_day (day, store_id, ${FIN.measures.join(', ')})
    select day, store_id, ${FIN_MEASURES.map(([, e]) => `coalesce(${e}, 0)`).join(', ')}
    from d where fam in (2, 3) or status = 'completed' group by 1, 2 order by 1, 2
    ${upsert(FIN)})`);
  return `with ${ctes.join(',\n')} select count(*) as n from d`;
})();

const foldIn = async (tx: Db | Tx): Promise<number> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
  return Number(rowsOf<{ n: string | number }>(await tx.execute(sql.raw(FOLD_SQL)))[0]?.n ?? 0);
};

/**
 * Adds the triggers' deltas into the bill rollups (deleting them), in a transaction of its own:
 * after it, the rollups hold every bill change committed before it began. One read when there is
 * none. Run before every report read, by the check, and by the scheduled fold job. Answers how
 * many delta rows it folded.
 */
export const foldBillRollups = async (db: RollupDb): Promise<number> => {
  const d = dbOf(db);
  const pending = await d.execute(sql`select exists (select 1 from bill_rollup_delta) as any`);
  if (!rowsOf<{ any: boolean }>(pending)[0]?.any) return 0;
  return d.transaction((tx) => foldIn(tx));
};

const countRows = async (db: Db | Tx, table: string): Promise<number> =>
  Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/** Recomputes the bill rollups from the facts in one transaction; answers their rows by table. */
export const rebuildBillRollups = async (db: RollupDb): Promise<Record<string, number>> =>
  dbOf(db).transaction(async (tx) => {
    // The deltas are facts the rebuild counts: dropped with the rollups (no fold runs meanwhile).
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    await tx.execute(sql.raw(`lock table bill_rollup_delta in exclusive mode`));
    await tx.execute(sql.raw(`truncate ${[...BILL_ROLLUP_TABLES, 'bill_rollup_delta'].join(', ')}`));
    await tx.execute(sql`select bill_rollups_fill('')`);
    const out: Record<string, number> = {};
    for (const t of BILL_ROLLUP_TABLES) out[t] = await countRows(tx, t);
    return out;
  });

export interface BillRollupCheck {
  ok: boolean;
  tables: { table: string; keptOnly: number; rebuiltOnly: number }[];
}

/**
 * Folds, recomputes every bill rollup into temporary tables and compares them with the kept ones
 * row for row (a kept row whose figures are all 0 is a key with no fact left: a recomputation
 * has none); changes nothing else.
 */
export const checkBillRollups = async (db: RollupDb): Promise<BillRollupCheck> =>
  dbOf(db).transaction(async (tx) => {
    await foldIn(tx);
    for (const t of BILL_ROLLUP_TABLES) {
      await tx.execute(sql.raw(`create temporary table check_${t} (like ${t} including defaults) on commit drop`));
    }
    await tx.execute(sql`select bill_rollups_fill('check_')`);
    const tables: BillRollupCheck['tables'] = [];
    for (const f of ALL_ROLLUPS) {
      const kept = `(select * from ${f.table} where not (${f.measures.map((m) => `${m} = 0`).join(' and ')}))`;
      const count = async (a: string, b: string) =>
        Number(
          rowsOf<{ n: string }>(
            await tx.execute(
              sql.raw(`select count(*) as n from (select * from ${a} x except all select * from ${b} y) z`),
            ),
          )[0]!.n,
        );
      tables.push({
        table: f.table,
        keptOnly: await count(kept, `check_${f.table}`),
        rebuiltOnly: await count(`check_${f.table}`, kept),
      });
    }
    return { ok: tables.every((t) => t.keptOnly === 0 && t.rebuiltOnly === 0), tables };
  });

/**
 * A report's sums over one bill rollup (alias d): the period's days (its `periodFrom`/`periodTo`),
 * the caller's scope, the store and region asked (`storeId`, `regionId` when the request gives
 * them), the rows with a fact (n > 0) and `where`. Answers one scalar statement per column, for
 * a binding's `totals` (共 N 条 and 合计 without reading the period's bills).
 */
export const rollupSums = (input: QueryInput, table: (typeof BILL_ROLLUP_TABLES)[number], where: SQL[] = []) => {
  const { bind, has } = input;
  const conds: SQL[] = [
    sql`d.day >= ${bind('periodFrom')}::date and d.day <= ${bind('periodTo')}::date and d.n > 0`,
    storeScopeFilter(input.scope, sql.raw('d.store_id') as unknown as AnyPgColumn) ?? sql`true`,
    ...where,
  ];
  if (has('storeId')) conds.push(sql`d.store_id = ${bind('storeId')}::int`);
  if (has('regionId')) conds.push(sql`d.store_id in (select id from store where region_id = ${bind('regionId')}::int)`);
  const from = sql`${sql.raw(table)} d where ${sql.join(conds, sql` and `)}`;
  return (column: string): SQL => sql`select coalesce(sum(${sql.raw(`d.${column}`)}), 0) from ${from}`;
};

/** A line view's 共 N 条 and its line measures' totals, from bill_line_day sums (`rollupSums`). */
export const lineTotals = (sum: (column: string) => SQL) => ({
  count: sum('n'),
  quantity: sum('quantity'),
  amount: sum('amount'),
  cardAmount: sum('card_amount'),
  refunded: sum('refunded'),
});
