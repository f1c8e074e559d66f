/**
 * Mall goods (/mall_goodsList, /mall_goodDetail) on the resource engine: each sells one product,
 * project or card at its online price from its own stock; 批量上架/下架 switch it on the shelves.
 * A deposit (定金) must be less than the price. The stock typed here is what is left to sell;
 * orders move it by conditional updates (orders.ts).
 */
import { MALL_GOODS } from '@zb/contract/entities/mall';
import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { mergedRef, refColumns, refJoins, resolveRef, setEnabled, touchesRef } from '../goods/goodsRef';
import { mallGoods } from './schema';

const withoutRef = (values: Values): Values => {
  const { goodsId: _, ...rest } = values;
  return rest;
};

/** A deposit must stay below the price the row is left with. */
const checkEarnest = (values: Values, before?: Values): void => {
  const price = (values.price ?? before?.price) as number | undefined;
  const earnest = (values.earnest === undefined ? before?.earnest : values.earnest) as number | null | undefined;
  if (earnest != null && price != null && earnest >= price) throw fieldError('earnest', '定金须小于线上售价');
};

export const mallGoodsBinding = bindResource({
  decl: MALL_GOODS,
  table: mallGoods,
  id: mallGoods.id,
  joins: refJoins(mallGoods),
  columns: refColumns(mallGoods),
  uniques: { mall_goods_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      checkEarnest(values);
      const { kind, id } = mergedRef(values);
      const { ids } = await resolveRef(tx, kind, id, { withProducts: true });
      const [row] = await tx
        .insert(mallGoods)
        // Kept: withoutRef answers Values (untyped), not the declaration's.
        .values({ ...withoutRef(values), goodsKind: kind, ...ids } as typeof mallGoods.$inferInsert)
        .returning({ id: mallGoods.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      checkEarnest(values, before);
      const row: Values = withoutRef(values);
      if (touchesRef(values)) {
        const { kind, id: goodsId } = mergedRef(values, before);
        Object.assign(row, { goodsKind: kind, ...(await resolveRef(tx, kind, goodsId, { withProducts: true })).ids });
      }
      if (Object.keys(row).length) await tx.update(mallGoods).set(row).where(eq(mallGoods.id, id));
    },
    batch: { onSale: setEnabled(mallGoods, true), offSale: setEnabled(mallGoods, false) },
  },
});
