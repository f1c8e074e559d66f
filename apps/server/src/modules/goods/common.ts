/** What the goods bindings share: 上架/下架, the on-sale delete guard, field errors. */
import { ERR } from '@zb/contract/errcodes';
import { and, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BizError } from '../../platform/errors';
import type { Values, WriteContext } from '../../platform/resource/binding';

/** A batch action setting the status of the rows that differ; answers how many changed. */
export const setStatus =
  (table: PgTable & { id: AnyPgColumn; status: AnyPgColumn }, status: 'on' | 'off') =>
  async (ctx: WriteContext, ids: readonly number[]): Promise<number> => {
    const rows = await ctx.tx
      .update(table)
      .set({ status } as never)
      .where(and(inArray(table.id, [...ids]), ne(table.status, status)) as SQL)
      .returning({ id: table.id });
    return rows.length;
  };

/** Refuses to delete goods on sale. */
export const refuseOnSale = (what: string, before: Values): void => {
  if (before.status === 'on') {
    throw new BizError(ERR.GOODS_ON_SALE, `${what}「${String(before.name)}」在售，不能删除，请先下架`);
  }
};

export { without } from '../../platform/resource/binding';
