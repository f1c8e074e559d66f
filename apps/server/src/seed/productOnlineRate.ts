/**
 * Demo online settlement splits (/productOnlineRateConfig): three of the four online product types
 * are configured, 优惠券 is left for head office to add. Runs after the reference data (the types).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { masterItem } from '../modules/master/schema';
import { productOnlineRate } from '../modules/productOnlineRate/schema';

/** [type code, headquarters' share, the store's share (basis points), remark, days since the last change]. */
const SPLITS = [
  ['GOODS', 3000, 7000, '实物商品按门店七成结算', 40],
  ['SERVICE', 2000, 8000, '服务项目由门店完成，门店八成', 12],
  ['CARD', 5000, 5000, '卡项总部与门店各半', 3],
] as const;

export const seedProductOnlineRates = async (tx: Tx, now: Date): Promise<void> => {
  const types = await tx
    .select({ id: masterItem.id, code: masterItem.code })
    .from(masterItem)
    .where(
      and(
        eq(masterItem.category, 'productOnlineType'),
        inArray(
          masterItem.code,
          SPLITS.map(([code]) => code),
        ),
      ),
    );
  const idOf = new Map(types.map((t) => [t.code, t.id]));
  await tx.insert(productOnlineRate).values(
    SPLITS.map(([code, hqRate, storeRate, remark, days]) => ({
      onlineType: idOf.get(code)!,
      hqRate,
      storeRate,
      remark,
      updatedAt: new Date(now.getTime() - days * 86_400_000),
    })),
  );
};
