/**
 * /productOnlineRateConfig on the resource engine. Its rules: one row per online product type (the
 * engine checks the lookup's category), and headquarters' and the store's shares add up to 100%.
 */
import { PRODUCT_ONLINE_RATE } from '@zb/contract/entities/productOnlineRate';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { registerResource } from '../../platform/resource/register';
import { productOnlineRate } from './schema';

const checkSum = (hq: number, store: number) => {
  if (hq + store !== 10_000) throw fieldError('storeRate', '总部与门店的结算比例合计须为 100%');
};

export const productOnlineRateBinding = bindResource({
  decl: PRODUCT_ONLINE_RATE,
  table: productOnlineRate,
  id: productOnlineRate.id,
  columns: {
    onlineTypeName: sql<string>`(select name from master_item m where m.id = "product_online_rate"."online_type")`,
  },
  uniques: { product_online_rate_online_type_unique: 'onlineType' },
  service: {
    create: async (ctx, values) => {
      checkSum(Number(values.hqRate), Number(values.storeRate));
      const [row] = await ctx.tx.insert(productOnlineRate).values(values).returning({ id: productOnlineRate.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      checkSum(Number(values.hqRate ?? before.hqRate), Number(values.storeRate ?? before.storeRate));
      await tx
        .update(productOnlineRate)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(productOnlineRate.id, id));
    },
  },
});

export const productOnlineRateRoutes = async (app: FastifyInstance) => {
  registerResource(app, productOnlineRateBinding);
};
