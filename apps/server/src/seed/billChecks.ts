/**
 * The 收银单's invariants as SQL, each a count of the rows that break it (all zero on a consistent
 * database), beside the card ledger's (seed/memberChecks.ts).
 *
 * BILL_INVARIANTS are the bill service's own rules (modules/bills/service.ts `sendBill`), over the
 * bills it writes — a bill with a payment (the older demo bills written through the ledger's
 * batch, `applyLedger`, have none): its payments add up as sendBill writes them (those sent and
 * 意向金 to what no card paid; one 储值卡 / 套餐卡次 payment per card its lines drew, of what they
 * drew, which for a 储值卡 is what its ledger rows took), numbered sent first and the cards last in
 * card order; 签单 names its signer; its kind is what its lines make it (`billKindOf`); a sender's
 * bill has the sender's kind as source; its staff is who served its first line with a share, and
 * a share sits on a line of the bill, at most BILL_SHARES_MAX to a line; a closed bill says when
 * and why, has its close step and gave its card draws back. The demo seed's bills,
 * sent through sendBill, pass them (seed/memberHistory.test.ts), so they are the service's rules,
 * not the generator's.
 *
 * generatedBillInvariants are what the large generator's bill facts (seed/billFacts.ts) add on
 * top: every bill with a total is paid, every line of a bill with a staff is shared, and the
 * shares follow the demo seed's convention (seed/performance.ts: the line's amount as 业绩, split
 * between the staff, 提成 at DEMO_COMMISSION_BP of it) by staff of the bill's store. The POS sends
 * 业绩 and 提成 and the service keeps them as sent (no commission rule computes them), so these
 * are the generator's, not the service's.
 */
import { BILL_SHARES_MAX } from '@zb/contract/entities/bill';
import type { Db, Tx } from '../db/client';
import { invariantViolations } from './memberChecks';
import { RATE_CASE } from './performance';

/** The card methods: the payments the server writes for the cards the lines drew. */
const CARD_METHODS = `('storedCard', 'comboCard')`;

/** A bill the bill service wrote (alias b): it has a payment. */
const PAID = `exists (select 1 from bill_payment q where q.consume_id = b.id)`;

/**
 * billKindOf (modules/bills/service.ts) in SQL, over the bill's lines (alias x, grouped by bill):
 * a card sale 开卡, a top-up 充值, a project or a card-drawn product 消费, a product paid otherwise
 * 零售 (with a 消费 line it is 消费); one kind names the bill, more make it 混合.
 */
export const BILL_KIND_SQL = `(case
  when (bool_or(x.item_kind = 'cardSale'))::int + (bool_or(x.item_kind = 'topUp'))::int
     + (bool_or(x.item_kind in ('project', 'product')))::int > 1 then 'mixed'
  when bool_or(x.item_kind = 'cardSale') then 'openCard'
  when bool_or(x.item_kind = 'topUp') then 'topUp'
  when bool_or(x.item_kind = 'project' or (x.item_kind = 'product' and x.member_card_id is not null)) then 'consume'
  else 'retail' end)`;

export const BILL_INVARIANTS: Record<string, string> = {
  'a bill’s payments: those sent and 意向金 add up to what no card paid, the card payments to what the cards paid': `
    select count(*) from member_consume b
      join (select consume_id,
                   coalesce(sum(amount) filter (where method not in ${CARD_METHODS}), 0) as other,
                   coalesce(sum(amount) filter (where method in ${CARD_METHODS}), 0) as card
              from bill_payment group by consume_id) p on p.consume_id = b.id
     where p.other <> b.paid_other or p.card <> b.paid_by_card`,
  'one card payment per card the lines drew, of what they drew; a 储值卡 drew as much in its ledger': `
    select count(*) from (
      select x.consume_id, x.member_card_id, sum(x.card_amount) as drawn, min(c.kind) as kind
        from member_consume_line x join member_card c on c.id = x.member_card_id
       where x.item_kind in ('project', 'product')
         and exists (select 1 from bill_payment q where q.consume_id = x.consume_id)
       group by x.consume_id, x.member_card_id) d
      full join (select consume_id, member_card_id, count(*) as n, sum(amount) as amount, min(method) as method
                   from bill_payment where method in ${CARD_METHODS}
                  group by consume_id, member_card_id) p
        on p.consume_id = d.consume_id and p.member_card_id = d.member_card_id
      left join (select ref_id, member_card_id, -sum(amount + bonus_amount) as money
                   from card_ledger where ref_type = 'member_consume' and kind = 'consume'
                  group by ref_id, member_card_id) l
        on l.ref_id = d.consume_id and l.member_card_id = d.member_card_id
     where d.consume_id is null
        or (d.drawn = 0 and p.consume_id is not null)
        or (d.drawn > 0 and (p.consume_id is null or p.n <> 1 or p.amount <> d.drawn
            or p.method <> case d.kind when 'stored' then 'storedCard' else 'comboCard' end))
        or (d.kind = 'stored' and l.money is distinct from d.drawn)`,
  'payments numbered 1…n: those sent, then 意向金 and 优惠券, then one per card in card order': `
    select count(*) from (
      select seq, member_card_id, row_number() over w as n,
             case when method in ${CARD_METHODS} then 3 when method in ('intentDeposit', 'coupon') then 2 else 1 end as rank,
             lag(case when method in ${CARD_METHODS} then 3 when method in ('intentDeposit', 'coupon') then 2 else 1 end) over w as prev_rank,
             lag(member_card_id) over w as prev_card
        from bill_payment window w as (partition by consume_id order by seq)) y
     where seq <> n or rank < prev_rank or (rank = 3 and prev_rank = 3 and member_card_id <= prev_card)`,
  '签单 names its signer, who has a quota at the bill’s store; no other payment has one': `
    select count(*) from bill_payment p join member_consume b on b.id = p.consume_id
     where (p.method = 'signBill') <> (p.signer_staff_id is not null)
        or (p.method = 'signBill' and not exists (select 1 from sign_quota s
              where s.staff_id = p.signer_staff_id and s.store_id = b.store_id))`,
  '意向金 is a whole deposit of the bill’s member, its number the trade number': `
    select count(*) from bill_payment p join member_consume b on b.id = p.consume_id
     where p.method = 'intentDeposit' and not exists (select 1 from intent_deposit d
       where d.deposit_no = p.trade_no and d.member_id = b.member_id and d.amount = p.amount)`,
  '优惠券 is a coupon of the bill’s member used on it at the payment’s value, or given back by its refund or close': `
    select count(*) from bill_payment p join member_consume b on b.id = p.consume_id
     where p.method = 'coupon' and not exists (select 1 from member_coupon c
       where c.coupon_no = p.trade_no and c.member_id = b.member_id
         and ((c.used_consume_id = b.id and c.used_value = p.amount) or p.refunded = p.amount or b.status = 'closed'))`,
  'a bill’s kind is what its lines make it (billKindOf)': `
    select count(*) from member_consume b
      join (select x.consume_id, ${BILL_KIND_SQL} as kind from member_consume_line x group by x.consume_id) k
        on k.consume_id = b.id
     where b.kind <> k.kind and ${PAID}`,
  'a sender’s bill has the sender’s kind as its source': `
    select count(*) from member_consume b join open_client o on o.id = b.client_id where b.source <> o.kind`,
  'a bill’s staff is who served its first line with a share': `
    select count(*) from member_consume b
      left join (select distinct on (consume_id) consume_id, staff_id from bill_share
                  order by consume_id, line, id) f on f.consume_id = b.id
     where b.staff_id is not null and f.staff_id is distinct from b.staff_id and ${PAID}`,
  'a closed bill: when and why, its close step, its card draws given back': `
    select count(*) from member_consume b
     where (b.status = 'closed') <> (b.closed_at is not null)
        or (b.status = 'closed' and (coalesce(b.close_reason, '') = ''
            or not exists (select 1 from flow_event e where e.flow = 'bill' and e.record_id = b.id and e.step = 'close')
            or (b.paid_by_card > 0 and not exists (select 1 from card_ledger l
                  where l.ref_type = 'member_consume_reverse' and l.ref_id = b.id))))`,
  [`a share is on a line of its bill, at most ${BILL_SHARES_MAX} staff a line`]: `
    select (select count(*) from bill_share s
              left join member_consume_line x on x.consume_id = s.consume_id and x.line = s.line where x.id is null)
         + (select count(*) from (select 1 from bill_share group by consume_id, line
                                   having count(*) > ${BILL_SHARES_MAX}) y)`,
};

/**
 * The large generator's bill facts over the bills (alias b) `scope` selects: its completeness and
 * the demo seed's share convention (see above).
 */
export const generatedBillInvariants = (scope = 'true'): Record<string, string> => ({
  'every bill with a total has its payments': `
    select count(*) from member_consume b where b.total > 0 and not ${PAID} and ${scope}`,
  'every line of a bill with a staff has a share': `
    select count(*) from member_consume b join member_consume_line x on x.consume_id = b.id
     where b.staff_id is not null and ${scope}
       and not exists (select 1 from bill_share s where s.consume_id = x.consume_id and s.line = x.line)`,
  'a line’s shares: 业绩 adds up to its amount, 提成 at its kind’s rate, by staff of the bill’s store': `
    select count(*) from (
      select bool_or(s.commission <> round(s.performance * ${RATE_CASE} / 10000.0) or st.store_id <> b.store_id) as bad,
             sum(s.performance) as performance, min(l.amount) as amount
        from bill_share s join member_consume b on b.id = s.consume_id
        join member_consume_line l on l.consume_id = s.consume_id and l.line = s.line
        join staff st on st.id = s.staff_id
       where ${scope}
       group by s.consume_id, s.line) y
     where bad or performance <> amount`,
});

export const billInvariantViolations = (db: Db | Tx) => invariantViolations(db, BILL_INVARIANTS);
