/**
 * The takings of bills by method (contract TAKING_METHODS), one fragment for the voucher and the
 * settlement report so the two agree: a bill's payments, or — for a bill recorded without any
 * (the history imported before the open API) — its card draws from its lines (储值卡: the lines'
 * card amounts, 套餐卡次: the rest of paid_by_card) and its paid_other as 其他收款. Either way a
 * bill's takings add up to its total, which its lines add up to.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * Rows (consume_id, store_id, day, method, amount) of the bills of the CTE named `bills` (its `id`,
 * `store_id` and `day` columns), carried through so that no caller joins the rows back to the CTE
 * (a join the planner, trusting a CTE's estimate of one row, may loop over).
 */
export const takingsOf = (bills: string): SQL =>
  sql.raw(`select p.consume_id, b.store_id, b.day, p.method, p.amount::bigint as amount
      from ${bills} b join bill_payment p on p.consume_id = b.id
    union all
    select x.id, x.store_id, x.day, v.method, v.amount
      from (
        select b.id, b.store_id, b.day, c.paid_by_card, c.paid_other, coalesce(sum(l.card_amount), 0)::bigint as stored
        from ${bills} b join member_consume c on c.id = b.id left join member_consume_line l on l.consume_id = b.id
        where not exists (select 1 from bill_payment p where p.consume_id = b.id)
        group by b.id, b.store_id, b.day, c.paid_by_card, c.paid_other
      ) x
      cross join lateral (
        values ('storedCard', x.stored), ('comboCard', x.paid_by_card - x.stored), ('otherPay', x.paid_other::bigint)
      ) v(method, amount)
      where v.amount > 0`);
