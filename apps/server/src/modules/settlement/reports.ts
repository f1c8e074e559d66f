/**
 * /CrossstoreConsumption (contract reports/settlement.ts): every draw of a card at a store other
 * than the one that opened it — the facts the settlement statements are made of. A row is seen
 * when its issuing or its serving store is in the caller's scope (the query narrows itself).
 */
import { CROSSSTORE_CONSUMPTION } from '@zb/contract/reports/settlement';
import { sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, col } from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { store } from '../stores/schema';

const draws: BoundQuery = {
  alias: 'cx',
  query: ({ scope }) => {
    const inScope = storeScopeFilter(scope, store.id);
    const scoped = inScope
      ? sql`and (exists (select 1 from ${store} where ${store.id} = mc.store_id and ${inScope})
          or exists (select 1 from ${store} where ${store.id} = c.store_id and ${inScope}))`
      : sql``;
    return sql`select l.id as "key", c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
        mc.store_id as "issuingStoreId", si.name as "issuingStoreName",
        c.store_id as "servingStoreId", ss.name as "servingStoreName",
        m.name as "memberName", mc.card_no as "cardNo", mc.kind as "cardKind",
        coalesce(p.name, g.name, '') as "itemName", c.status as "billStatus",
        l.card_amount as "served",
        case when c.status = 'closed' then l.card_amount else least(l.refunded, l.card_amount) end as "deducted",
        l.card_amount - case when c.status = 'closed' then l.card_amount else least(l.refunded, l.card_amount) end as "net"
      from member_consume c
      join member_consume_line l on l.consume_id = c.id
      join member_card mc on mc.id = l.member_card_id
      join store si on si.id = mc.store_id
      join store ss on ss.id = c.store_id
      join member m on m.id = c.member_id
      left join project p on p.id = l.project_id
      left join product g on g.id = l.product_id
      where l.item_kind in ('project', 'product') and l.card_amount > 0 and mc.store_id <> c.store_id ${scoped}`;
  },
};

export const crossstoreConsumptionBinding = bindReport({
  decl: CROSSSTORE_CONSUMPTION,
  from: draws,
  filters: {
    period: { instant: col('cx', 'consumedAt') },
    issuingStoreId: col('cx', 'issuingStoreId'),
    servingStoreId: col('cx', 'servingStoreId'),
  },
  id: col('cx', 'key'),
  scope: { store: col('cx', 'servingStoreId'), inQuery: true },
});
