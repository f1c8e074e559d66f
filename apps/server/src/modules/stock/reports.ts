/**
 * The inventory reports' bindings (contract reports/stock.ts): every movement, the balance as of a day (a bound query: today's stock less the
 * movements after the day), and the stock's cost.
 */
import { STOCK_BALANCE, STOCK_COST, STOCK_MOVEMENTS } from '@zb/contract/reports/stock';
import { and, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bindReport, col, type Expr, type QueryInput } from '../../platform/report/binding';
import { dayStart, nextDayStart } from '../../platform/resource/filters';
import { storeScopeFilter } from '../../platform/scope';
import { product } from '../goods/schema';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';
import { stockMovement, stockProductTotal, stockStoreType, storeStock } from './schema';

/** The unit store stock counts a product in: ml for goods consumed by the millilitre. */
const baseUnit = sql`case when ${product.mlPerUnit} is not null then 'ml' else ${product.unit} end`;

export const stockMovementsBinding = bindReport({
  decl: STOCK_MOVEMENTS,
  from: stockMovement,
  joins: [
    { table: store, on: eq(store.id, stockMovement.storeId) },
    { table: product, on: eq(product.id, stockMovement.productId) },
  ],
  id: stockMovement.id,
  dims: {
    storeName: store.name,
    productCode: product.code,
    productName: product.name,
    unit: baseUnit,
  },
  measures: {
    inQty: sql`greatest(${stockMovement.quantity}, 0)`,
    outQty: sql`greatest(-${stockMovement.quantity}, 0)`,
  },
  filters: {
    period: { instant: stockMovement.createdAt },
    productName: product.name,
  },
  scope: { store: stockMovement.storeId },
});

/** A rollup's product type: 0 there is no type. */
const typeOf = (typeId: Expr) => sql`nullif(${typeId}, 0)`;

/** The caller's scope and the store asked for, over a rollup's or a fact's store column. */
const storesOf = ({ scope, has, bind }: QueryInput, storeId: AnyPgColumn): SQL | undefined =>
  and(storeScopeFilter(scope, storeId), has('storeId') ? sql`${storeId} = ${bind('storeId')}` : undefined);

/**
 * The movements since the period's start, a month's: all of them (since), those in the period
 * in and out, those after it; `per` one store_stock row's (correlated, by the movements'
 * (store, product) index), or grouped per store and product, or per product.
 */
const movedSince = (
  { bind, scope }: QueryInput,
  per: 'row' | 'storeProduct' | 'product',
  row: SQL = sql`${storeStock}`,
): SQL => {
  const from = dayStart(bind('periodFrom'));
  const after = nextDayStart(bind('periodTo'));
  const m = stockMovement;
  const figures = sql`sum(${m.quantity}) as since,
      sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} > 0) as in_qty,
      -sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} < 0) as out_qty,
      sum(${m.quantity}) filter (where ${m.createdAt} >= ${after}) as after`;
  if (per === 'row') {
    return sql`select ${figures} from ${m} where ${m.storeId} = ${row}.store_id
      and ${m.productId} = ${row}.product_id and ${m.createdAt} >= ${from}`;
  }
  const since = and(gte(m.createdAt, from), storeScopeFilter(scope, m.storeId));
  if (per === 'product') {
    return sql`select ${m.productId} as product_id, ${figures} from ${m} where ${since} group by ${m.productId}`;
  }
  return sql`select ${m.storeId} as store_id, ${m.productId} as product_id, ${figures}
    from ${m} where ${since} group by ${m.storeId}, ${m.productId}`;
};

const MEASURES = new Set(['opening', 'inQty', 'outQty', 'closing']);

/**
 * Each store's stock of each product as of the period's start (opening) and end (closing), and
 * what came in and went out between: today's stock less the movements since. A product a store
 * never held has no store_stock row and no movement: it is not in the report.
 *
 * By store and product the query's rows are the groups (ungrouped), and the totals come from
 * the rollup stock_store_type (lines, quantity) and the period's movements:
 * - in an order of names or codes, the page reads store_stock in that order (from the stores
 *   by name, or the products by code, by their indexes) and each row's movements by theirs;
 * - in an order of a figure, chain-wide or a region's: the rows that moved since the period's
 *   start (a month's movements, a few thousand), and of the others, whose four figures are their
 *   stock (or 0 in and out), only the first rows of the page's order, read from the stock's
 *   (quantity, store, product) index or its key: the page is among them;
 * - with a store or a product asked for, every row of those (a few hundred).
 * By product, chain-wide, the rows are stock_product_total's (one per product).
 */
export const stockBalanceBinding = bindReport({
  decl: STOCK_BALANCE,
  from: {
    alias: 'q',
    query: (input) => {
      const ss = storeStock;
      const columns = (
        stock: SQL,
        storeId: SQL,
        productId: SQL,
      ) => sql`${storeId} as "storeId", ${productId} as "productId",
          ${stock} - coalesce(mv.since, 0) as "opening",
          coalesce(mv.in_qty, 0) as "inQty",
          coalesce(mv.out_qty, 0) as "outQty",
          ${stock} - coalesce(mv.after, 0) as "closing"`;
      const inScope = storeScopeFilter(input.scope, ss.storeId);
      const where = inScope ? sql`where ${inScope}` : sql.empty();
      const named = (rows: SQL) =>
        sql`select r.*, ${store.name} as "storeName" from (${rows}) r join ${store} on ${store.id} = r."storeId"`;
      const narrow = input.has('storeId') || input.has('productId') || input.has('productName');
      const [first, dir] = input.order[0] ?? ['', 'asc'];
      if (input.grouping === 'storeProduct' && MEASURES.has(first) && !narrow) {
        const d = sql.raw(dir);
        const m = stockMovement;
        // The rows whose figure is not their stock (or 0): those that moved since the period's
        // start (since its end, for the closing stock). In and out need no stock to be ordered:
        // only the first of them are read further.
        const boundary =
          first === 'closing' ? nextDayStart(input.bind('periodTo')) : dayStart(input.bind('periodFrom'));
        const movedRows = sql`select * from (${movedSince(input, 'storeProduct')}) mv0${
          first === 'closing'
            ? sql` where mv0.after is not null`
            : first === 'inQty' || first === 'outQty'
              ? sql` order by coalesce(mv0.${sql.raw(first === 'inQty' ? 'in_qty' : 'out_qty')}, 0) ${d},
                  mv0.store_id ${d}, mv0.product_id ${d} limit ${input.top}`
              : sql.empty()
        }`;
        const still = and(
          sql`not exists (select 1 from ${m} where ${m.storeId} = ${ss.storeId} and ${m.productId} = ${ss.productId}
            and ${m.createdAt} >= ${boundary})`,
          inScope,
        );
        // The others in the page's order from an index: by their stock, or by their key (0 in and out).
        const by = first === 'opening' || first === 'closing' ? sql`${ss.quantity} ${d}, ` : sql.empty();
        // Each row's stock by its key (OFFSET 0: the planner would read all of store_stock for them).
        // Of those too only the first of the page's order go on to be named and sorted with the others
        // (a store's name follows its id in the order: the ids decide).
        return named(sql`select * from (select ${columns(sql`cur.quantity`, sql`mv.store_id`, sql`mv.product_id`)}
            from (${movedRows}) mv cross join lateral (select ${ss.quantity} as quantity from ${ss}
              where ${ss.storeId} = mv.store_id and ${ss.productId} = mv.product_id offset 0) cur
            order by ${sql.identifier(first)} ${d}, "storeId" ${d}, "productId" ${d} limit ${input.top}) moved
          union all
          select ${columns(sql`top.quantity`, sql`top.store_id`, sql`top.product_id`)}
          from (select ${ss.storeId} as store_id, ${ss.productId} as product_id, ${ss.quantity} as quantity
            from ${ss} where ${still} order by ${by}${ss.storeId} ${d}, ${ss.productId} ${d} limit ${input.top}) top
          left join lateral (${movedSince(input, 'row', sql`top`)}) mv on true`);
      }
      if (input.grouping === 'storeProduct' && !MEASURES.has(first)) {
        return sql`select ${columns(sql`${ss.quantity}`, sql`${ss.storeId}`, sql`${ss.productId}`)}, ${store.name} as "storeName"
          from ${ss} join ${store} on ${store.id} = ${ss.storeId}
          left join lateral (${movedSince(input, 'row')}) mv on true ${where}`;
      }
      if (input.grouping === 'product' && input.scope.level === 'hq' && !input.has('storeId')) {
        const t = stockProductTotal;
        return sql`select ${columns(sql`${t.quantity}`, sql`null::int`, sql`${t.productId}`)}, null::text as "storeName"
          from ${t} left join (${movedSince(input, 'product')}) mv on mv.product_id = ${t.productId}
          where ${t.lines} > 0`;
      }
      return named(sql`select ${columns(sql`${ss.quantity}`, sql`${ss.storeId}`, sql`${ss.productId}`)}
        from ${ss} left join (${movedSince(input, 'storeProduct')}) mv
          on mv.store_id = ${ss.storeId} and mv.product_id = ${ss.productId} ${where}`);
    },
  },
  ungrouped: ['storeProduct'],
  totals: (input) => {
    if (input.grouping !== 'storeProduct' || input.has('productId') || input.has('productName')) return undefined;
    const r = stockStoreType;
    const m = stockMovement;
    const from = dayStart(input.bind('periodFrom'));
    const after = nextDayStart(input.bind('periodTo'));
    const rollup = (e: SQL) => sql`select coalesce(${e}, 0) from ${r} where ${storesOf(input, r.storeId) ?? sql`true`}`;
    const moved = (e: SQL) =>
      sql`select coalesce(${e}, 0) from ${m} where ${and(gte(m.createdAt, from), storesOf(input, m.storeId))}`;
    const held = rollup(sql`sum(${r.quantity})`);
    return {
      count: rollup(sql`sum(${r.lines})`),
      opening: sql`(${held}) - (${moved(sql`sum(${m.quantity})`)})`,
      inQty: moved(sql`sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} > 0)`),
      outQty: moved(sql`-sum(${m.quantity}) filter (where ${m.createdAt} < ${after} and ${m.quantity} < 0)`),
      closing: sql`(${held}) - (${moved(sql`sum(${m.quantity}) filter (where ${m.createdAt} >= ${after})`)})`,
    };
  },
  // Every store_stock row has its product (a foreign key): an inner join lets the page start
  // from the products in code order.
  joins: [{ table: product, on: eq(product.id, col('q', 'productId')), inner: true }],
  dims: {
    productCode: product.code,
    productName: product.name,
    unit: baseUnit,
  },
  filters: { period: 'query', productName: product.name },
  scope: { store: col('q', 'storeId') },
});

/**
 * Stock at cost: base units × cost price per unit (÷ ml per unit for goods counted in ml), in 分,
 * each (store, product) rounded. Read from the rollup per store × product type (held: the
 * products a store holds; a product has one type, so a store's distinct products add up over
 * its types); the distinct products of a type or of the whole answer, over several stores, are
 * the products some store in scope holds. With a product name asked, from store_stock itself
 * (the rollup has no products).
 */
const costAt = (price: typeof product.costPrice | typeof product.retailPrice) =>
  sql`sum(round(${storeStock.quantity}::numeric * ${price} / coalesce(${product.mlPerUnit}, 1)))`;

/**
 * Products some store of the scope (the store asked for) holds, of the type asked for: chain-wide
 * from stock_product_total; else each product's first holder in scope, found by the product's
 * index on store_stock (a region's stores as an array computed once: the search stops at the
 * first of them, with no hash built per product).
 */
const heldProducts = (input: QueryInput): SQL => {
  const ss = storeStock;
  const { scope } = input;
  const stores = and(
    scope.level === 'region'
      ? sql`${ss.storeId} = any(array(select ${store.id} from ${store} where ${inArray(store.regionId, [...scope.regionIds])}))`
      : storeScopeFilter(scope, ss.storeId),
    input.has('storeId') ? sql`${ss.storeId} = ${input.bind('storeId')}` : undefined,
  );
  const somewhere = stores
    ? sql`exists (select 1 from ${ss} where ${ss.productId} = ${product.id} and ${ss.quantity} > 0 and ${stores})`
    : sql`${product.id} in (select ${stockProductTotal.productId} from ${stockProductTotal} where ${stockProductTotal.held} > 0)`;
  return and(somewhere, input.filter('typeId', product.onlineTypeId)) as SQL;
};

export const stockCostBinding = bindReport({
  decl: STOCK_COST,
  from: {
    alias: 'q',
    query: (input) => {
      const byStore = input.grouping !== 'type';
      const byType = input.grouping !== 'store';
      if (input.has('productName')) {
        const ss = storeStock;
        const keys = [...(byStore ? [sql`${ss.storeId}`] : []), ...(byType ? [sql`${product.onlineTypeId}`] : [])];
        return sql`select ${byStore ? sql`${ss.storeId}` : sql`null::int`} as "storeId",
            ${byType ? sql`${product.onlineTypeId}` : sql`null::int`} as "typeId",
            count(distinct ${ss.productId}) as "products",
            ${costAt(product.costPrice)} as "costAmount", ${costAt(product.retailPrice)} as "retailAmount"
          from ${ss} join ${product} on ${product.id} = ${ss.productId}
          where ${and(
            gt(ss.quantity, 0),
            storesOf(input, ss.storeId),
            input.filter('typeId', product.onlineTypeId),
            input.filter('productName', product.name),
          )}
          group by ${sql.join(keys, sql`, `)}`;
      }
      const r = stockStoreType;
      const rows = and(gt(r.held, 0), storesOf(input, r.storeId), input.filter('typeId', typeOf(r.typeId)));
      if (byStore) {
        return sql`select ${r.storeId} as "storeId", ${typeOf(r.typeId)} as "typeId", ${r.held} as "products",
            ${r.costAmount} as "costAmount", ${r.retailAmount} as "retailAmount"
          from ${r} where ${rows}`;
      }
      // By type over several stores: the amounts add up, the products are counted once.
      return sql`select null::int as "storeId", c.type_id as "typeId", coalesce(d.products, 0) as "products",
          c.cost as "costAmount", c.retail as "retailAmount"
        from (select ${typeOf(r.typeId)} as type_id, sum(${r.costAmount}) as cost, sum(${r.retailAmount}) as retail
          from ${r} where ${rows} group by ${r.typeId}) c
        left join (select ${product.onlineTypeId} as type_id, count(*) as products from ${product}
          where ${heldProducts(input)} group by ${product.onlineTypeId}) d on d.type_id is not distinct from c.type_id`;
    },
  },
  totals: (input) => ({
    products: input.has('productName')
      ? sql`select count(distinct ${storeStock.productId}) from ${storeStock} join ${product} on ${product.id} = ${storeStock.productId}
          where ${and(
            gt(storeStock.quantity, 0),
            storesOf(input, storeStock.storeId),
            input.filter('typeId', product.onlineTypeId),
            input.filter('productName', product.name),
          )}`
      : sql`select count(*) from ${product} where ${heldProducts(input)}`,
  }),
  joins: [
    { table: store, on: eq(store.id, col('q', 'storeId')) },
    { table: masterItem, on: eq(masterItem.id, col('q', 'typeId')) },
  ],
  dims: { storeName: store.name, typeName: sql`coalesce(${masterItem.name}, '未分类')` },
  measures: {
    products: sql`sum(${col('q', 'products')})`,
    costAmount: sql`sum(${col('q', 'costAmount')})`,
    retailAmount: sql`sum(${col('q', 'retailAmount')})`,
  },
  filters: { storeId: 'query', typeId: 'query', productName: 'query' },
  // The query narrows to the scope itself: its rows by type name no store.
  scope: { store: col('q', 'storeId'), inQuery: true },
});

/** In-transit stock (门店在途库存) reads store orders: modules/storeOrders binds it. */
export const STOCK_REPORT_BINDINGS = [stockMovementsBinding, stockBalanceBinding, stockCostBinding] as const;
