/**
 * The rollups of store_stock that the inventory reports read (schema.ts: stock_store_type per
 * store × product type, stock_product_total per product), so a chain-wide /stockCost or
 * /stockBalance never reads every (store, product) row.
 *
 * Kept by the writers, in the transaction of the change:
 * - `moveStock` (the only writer of store_stock) adds each line's change with one additive
 *   upsert per table (INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x, keys sorted): two
 *   transactions adding to one row both count. It reads the products FOR SHARE, so a product's
 *   edit waits for the moves in flight and the moves after it see its new prices.
 * - a product's edit of its type, cost or retail price or ml per unit: the trigger
 *   product_stock_reprice (migration 0030) moves the product's stock in every store from the old
 *   type and prices to the new ones. A trigger, because goods may not call into stock (stock
 *   reads goods' products: modules form no cycle).
 * - the seed's loads (plain INSERT for the demo, COPY at the large scale) bypass moveStock: they
 *   call `rebuildStockRollups` after loading store_stock.
 *
 * `rebuildStockRollups` recomputes both from store_stock and product; `checkStockRollups`
 * recomputes into temporary tables and compares (npm run rollups -- --rebuild | --check).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbHandle, Tx } from '../../db/client';

export type RollupDb = Db | Tx | DbHandle;
const dbOf = (d: RollupDb): Db | Tx => ('copyIn' in d ? d.db : d);

/** The rows of an execute() answer: PGlite gives { rows }, postgres-js the array itself. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A product as the rollups price it. */
export interface Pricing {
  typeId: number | null;
  costPrice: number;
  retailPrice: number;
  mlPerUnit: number | null;
}

/** One (store, product) balance changed by a move. */
export interface StockChange {
  storeId: number;
  productId: number;
  product: Pricing;
  /** The row did not exist before (a new store_stock line). */
  inserted: boolean;
  before: number;
  after: number;
}

/** Stock in base units at a price per unit, in 分, rounded per row as /stockCost rounds it. */
export const atPrice = (quantity: number, price: number, mlPerUnit: number | null): number =>
  Math.round((quantity * price) / (mlPerUnit ?? 1));

interface Sums {
  lines: number;
  held: number;
  quantity: number;
  cost: number;
  retail: number;
}

const add = (map: Map<string, Sums>, key: string, c: StockChange, withMoney: boolean) => {
  const s = map.get(key) ?? { lines: 0, held: 0, quantity: 0, cost: 0, retail: 0 };
  const p = c.product;
  s.lines += c.inserted ? 1 : 0;
  s.held += (c.after > 0 ? 1 : 0) - (c.before > 0 ? 1 : 0);
  s.quantity += c.after - c.before;
  if (withMoney) {
    s.cost += atPrice(c.after, p.costPrice, p.mlPerUnit) - atPrice(c.before, p.costPrice, p.mlPerUnit);
    s.retail += atPrice(c.after, p.retailPrice, p.mlPerUnit) - atPrice(c.before, p.retailPrice, p.mlPerUnit);
  }
  map.set(key, s);
};

const byKey = (a: string, b: string) => {
  const [a1, a2] = a.split(':').map(Number);
  const [b1, b2] = b.split(':').map(Number);
  return a1! - b1! || a2! - b2!;
};

/** Adds a move's changes to the rollups, in the move's transaction. */
export const addToStockRollups = async (tx: Tx, changes: readonly StockChange[]): Promise<void> => {
  if (changes.length === 0) return;
  const storeType = new Map<string, Sums>();
  const productTotal = new Map<string, Sums>();
  for (const c of changes) {
    add(storeType, `${c.storeId}:${c.product.typeId ?? 0}`, c, true);
    add(productTotal, `${c.productId}:0`, c, false);
  }
  const st = [...storeType.keys()].sort(byKey).map((k) => {
    const [store, type] = k.split(':').map(Number);
    const s = storeType.get(k)!;
    return sql`(${store}::int, ${type}::int, ${s.lines}::int, ${s.held}::int, ${s.quantity}::bigint, ${s.cost}::bigint, ${s.retail}::bigint)`;
  });
  await tx.execute(sql`insert into stock_store_type as r (store_id, type_id, lines, held, quantity, cost_amount, retail_amount)
    values ${sql.join(st, sql`, `)}
    on conflict (store_id, type_id) do update set lines = r.lines + excluded.lines, held = r.held + excluded.held,
      quantity = r.quantity + excluded.quantity, cost_amount = r.cost_amount + excluded.cost_amount,
      retail_amount = r.retail_amount + excluded.retail_amount`);
  const pt = [...productTotal.keys()].sort(byKey).map((k) => {
    const s = productTotal.get(k)!;
    return sql`(${Number(k.split(':')[0])}::int, ${s.lines}::int, ${s.held}::int, ${s.quantity}::bigint)`;
  });
  await tx.execute(sql`insert into stock_product_total as r (product_id, lines, held, quantity)
    values ${sql.join(pt, sql`, `)}
    on conflict (product_id) do update set lines = r.lines + excluded.lines, held = r.held + excluded.held,
      quantity = r.quantity + excluded.quantity`);
};

/** Fills the two tables (empty) from store_stock and product: what migration 0030 does too. */
const build = async (tx: Db | Tx, storeType: string, productTotal: string) => {
  await tx.execute(
    sql.raw(`insert into ${storeType} (store_id, type_id, lines, held, quantity, cost_amount, retail_amount)
    select s.store_id, coalesce(p.online_type_id, 0), count(*)::int, (count(*) filter (where s.quantity > 0))::int,
      sum(s.quantity), sum(round(s.quantity::numeric * p.cost_price / coalesce(p.ml_per_unit, 1))),
      sum(round(s.quantity::numeric * p.retail_price / coalesce(p.ml_per_unit, 1)))
    from store_stock s join product p on p.id = s.product_id
    group by s.store_id, coalesce(p.online_type_id, 0)`),
  );
  await tx.execute(
    sql.raw(`insert into ${productTotal} (product_id, lines, held, quantity)
    select product_id, count(*)::int, (count(*) filter (where quantity > 0))::int, sum(quantity)
    from store_stock group by product_id`),
  );
};

const TABLES = ['stock_store_type', 'stock_product_total'] as const;

const countRows = async (db: Db | Tx, table: string): Promise<number> =>
  Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/**
 * Recomputes the stock rollups from store_stock, in one transaction that locks the two tables
 * first: writers wait for it and add their changes after it.
 */
export const rebuildStockRollups = async (
  db: RollupDb,
): Promise<{ stockStoreType: number; stockProductTotal: number }> =>
  dbOf(db).transaction(async (tx) => {
    await tx.execute(sql`lock table stock_store_type, stock_product_total in exclusive mode`);
    await tx.execute(sql`delete from stock_store_type`);
    await tx.execute(sql`delete from stock_product_total`);
    await build(tx, 'stock_store_type', 'stock_product_total');
    return {
      stockStoreType: await countRows(tx, 'stock_store_type'),
      stockProductTotal: await countRows(tx, 'stock_product_total'),
    };
  });

export interface StockRollupCheck {
  ok: boolean;
  tables: { table: string; keptOnly: number; rebuiltOnly: number }[];
}

/** Recomputes the rollups into temporary tables and compares them with the kept ones, row for row. */
export const checkStockRollups = async (db: RollupDb): Promise<StockRollupCheck> =>
  dbOf(db).transaction(async (tx) => {
    // The kept tables as of one moment: a move commits before this or after it.
    await tx.execute(sql`lock table stock_store_type, stock_product_total in share mode`);
    for (const t of TABLES) {
      await tx.execute(sql.raw(`create temporary table check_${t} (like ${t} including defaults) on commit drop`));
    }
    await build(tx, 'check_stock_store_type', 'check_stock_product_total');
    const tables: StockRollupCheck['tables'] = [];
    for (const t of TABLES) {
      // A row that adds up to nothing is what a key without stock would be: a rebuild has none.
      const kept = `(select * from ${t} where not (lines = 0 and held = 0 and quantity = 0${
        t === 'stock_store_type' ? ' and cost_amount = 0 and retail_amount = 0' : ''
      })) k`;
      const one = await tx.execute(
        sql.raw(`select count(*) as n from (select * from ${kept} except all select * from check_${t}) x`),
      );
      const two = await tx.execute(
        sql.raw(`select count(*) as n from (select * from check_${t} except all select * from ${kept}) x`),
      );
      tables.push({
        table: t,
        keptOnly: Number(rowsOf<{ n: string }>(one)[0]!.n),
        rebuiltOnly: Number(rowsOf<{ n: string }>(two)[0]!.n),
      });
    }
    return { ok: tables.every((t) => t.keptOnly === 0 && t.rebuiltOnly === 0), tables };
  });
