/** /transactionGiftDetail on the report engine (contract reports/offers.ts): the gifts bills took, by plan, store and month. */
import { TRANSACTION_GIFT_DETAIL } from '@zb/contract/reports/offers';
import { sql } from 'drizzle-orm';
import { bindReport, bucketOf, col } from '../../platform/report/binding';

const sumOf = (key: string, cast: 'int' | 'bigint') => sql`sum(${col('tg', key)})::${sql.raw(cast)}`;

export const transactionGiftBinding = bindReport({
  decl: TRANSACTION_GIFT_DETAIL,
  from: {
    alias: 'tg',
    query: () =>
      sql.raw(`select g.id as "id", g.plan_id as "planId", p.code as "planCode", p.name as "planName",
        g.trigger as "trigger", g.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
        r.name as "regionName", g.at as "at", 1 as "times", g.amount as "amount", g.bonus as "bonus",
        g.coupons as "coupons"
      from gift_record g join gift_plan p on p.id = g.plan_id
      join store s on s.id = g.store_id join region r on r.id = s.region_id`),
  },
  dims: { month: bucketOf(col('tg', 'at'), 'month') },
  measures: {
    times: sumOf('times', 'int'),
    amount: sumOf('amount', 'bigint'),
    bonus: sumOf('bonus', 'bigint'),
    coupons: sumOf('coupons', 'int'),
  },
  filters: {
    period: { instant: col('tg', 'at') },
    planName: col('tg', 'planName'),
    trigger: col('tg', 'trigger'),
    storeId: col('tg', 'storeId'),
    regionId: col('tg', 'regionId'),
  },
  scope: { store: col('tg', 'storeId') },
});
