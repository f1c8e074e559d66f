/**
 * What the goods settings that refer to a product, project or card share: the joins and columns
 * that show the goods beside the setting (code, name, sale status, and the id the form edits),
 * turning the form's kind + id into the table's one id column, and the picker's options.
 */
import { type GoodsKind, type GoodsRefOption, goodsKindLabel } from '@zb/contract/entities/goodsRef';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import type { Expr, Join, Values, WriteContext } from '../../platform/resource/binding';
import { card, product, project } from './schema';

const TABLES = { product, project, card } as const;

/** The id columns of a setting's table, by kind (a table without products has no productId). */
export interface RefColumns {
  goodsKind: AnyPgColumn;
  productId?: AnyPgColumn;
  projectId: AnyPgColumn;
  cardId: AnyPgColumn;
}

const present = (t: RefColumns) =>
  (['product', 'project', 'card'] as const).filter((k) => t[`${k}Id` as const] !== undefined);

/** Left joins of the goods tables a setting may refer to. */
export const refJoins = (t: RefColumns): Join[] =>
  present(t).map((k) => ({ table: TABLES[k], on: eq(TABLES[k].id, t[`${k}Id`] as AnyPgColumn) }));

const coalesce = (exprs: readonly (AnyPgColumn | SQL)[]): SQL => sql`coalesce(${sql.join([...exprs], sql`, `)})`;

/** goodsId, goodsCode, goodsName and goodsStatus of the binding (with refJoins). */
export const refColumns = (t: RefColumns): Record<string, Expr> => {
  const kinds = present(t);
  return {
    goodsId: coalesce(kinds.map((k) => t[`${k}Id`] as AnyPgColumn)),
    goodsCode: coalesce(kinds.map((k) => TABLES[k].code)),
    goodsName: coalesce(kinds.map((k) => TABLES[k].name)),
    goodsStatus: coalesce(kinds.map((k) => TABLES[k].status)),
  };
};

export interface ResolvedRef {
  /** The values of the table's id columns: the kind's id, null for the others. */
  ids: { productId?: number | null; projectId: number | null; cardId: number | null };
  goods: { id: number; code: string; name: string; status: string };
}

/** The goods of `kind` with `id`, or a field error on `field` when there is none. */
export const resolveRef = async (
  tx: Tx,
  kind: GoodsKind,
  id: unknown,
  opts: { field?: string; withProducts?: boolean } = {},
): Promise<ResolvedRef> => {
  const field = opts.field ?? 'goodsId';
  const label = goodsKindLabel(kind);
  if (typeof id !== 'number') throw fieldError(field, `请选择${label}`);
  const table = TABLES[kind];
  const [goods] = await tx
    .select({ id: table.id, code: table.code, name: table.name, status: table.status })
    .from(table)
    .where(eq(table.id, id));
  if (!goods) throw fieldError(field, `所选${label}不存在或已被删除`);
  const ids: ResolvedRef['ids'] = {
    projectId: kind === 'project' ? id : null,
    cardId: kind === 'card' ? id : null,
  };
  if (opts.withProducts) ids.productId = kind === 'product' ? id : null;
  return { ids, goods };
};

/**
 * The kind and id a write leaves the row with (the form sends both; an update may send neither).
 * Another kind without an id of it has no goods chosen: the old id belongs to the old kind.
 */
export const mergedRef = (values: Values, before?: Values): { kind: GoodsKind; id: unknown } => {
  const kind = (values.goodsKind ?? before?.goodsKind) as GoodsKind;
  const sameKind = kind === before?.goodsKind;
  return { kind, id: values.goodsId ?? (sameKind ? before?.goodsId : undefined) };
};

/** Whether a write touches the goods referred to. */
export const touchesRef = (values: Values): boolean => values.goodsKind !== undefined || values.goodsId !== undefined;

/** Each kind's list price (a product's retail price, a project's or a card's price). */
const PRICES = { product: product.retailPrice, project: project.price, card: card.price } as const;

export const goodsRefOptions = (db: Db, kind: GoodsKind): Promise<GoodsRefOption[]> => {
  const t = TABLES[kind];
  return db
    .select({ id: t.id, code: t.code, name: t.name, status: t.status, price: PRICES[kind] })
    .from(t)
    .orderBy(asc(t.name), asc(t.id)) as unknown as Promise<GoodsRefOption[]>;
};

/** A batch action switching settings on or off (批量启用/停用); answers how many changed. */
export const setEnabled =
  (table: PgTable & { id: AnyPgColumn; enabled: AnyPgColumn }, enabled: boolean) =>
  async (ctx: WriteContext, ids: readonly number[]): Promise<number> => {
    const rows = await ctx.tx
      .update(table)
      .set({ enabled } as never)
      .where(and(inArray(table.id, [...ids]), ne(table.enabled, enabled)) as SQL)
      .returning({ id: table.id });
    return rows.length;
  };
