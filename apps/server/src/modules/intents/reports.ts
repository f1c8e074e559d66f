/**
 * The 意向金 lists (contract reports/intents.ts) bound to their facts: deposits, refunds, and the
 * abnormal findings, each a declared rule (INTENT_ABNORMAL_RULES) written once here as a query.
 */
import { ABNORMAL_INTENTION_RECORD, PAY_INTENTION_RECORD, REFUND_INTENTION_LIST } from '@zb/contract/reports/intents';
import { sql } from 'drizzle-orm';
import { type BoundQuery, bindReport, col } from '../../platform/report/binding';

/** A deposit with its member, store and the bill it was used toward. */
const depositColumns = sql.raw(`d.id as "id", d.deposit_no as "depositNo", d.store_id as "storeId",
  s.name as "storeName", m.name as "memberName", m.phone as "memberPhone", m.name || ' ' || m.phone as "member",
  d.pay_method as "payMethod", d.trade_no as "tradeNo", d.paid_at as "paidAt", d.expires_at as "expiresAt",
  d.status as "status", d.amount as "amount"`);
const depositJoins = sql.raw(`from intent_deposit d
  join member m on m.id = d.member_id
  join store s on s.id = d.store_id`);

const deposits: BoundQuery = {
  alias: 'dp',
  query: () => sql`select ${depositColumns}, c.bill_no as "billNo"
    ${depositJoins}
    left join member_consume c on c.id = d.consume_id`,
};

export const payIntentionRecordBinding = bindReport({
  decl: PAY_INTENTION_RECORD,
  from: deposits,
  filters: { period: { instant: col('dp', 'paidAt') } },
  id: col('dp', 'id'),
  scope: { store: col('dp', 'storeId') },
});

const refunds: BoundQuery = {
  alias: 'rf',
  query: () => sql`select r.id as "id", r.refund_no as "refundNo", d.deposit_no as "depositNo", d.store_id as "storeId",
      s.name as "storeName", m.name as "memberName", m.phone as "memberPhone", m.name || ' ' || m.phone as "member",
      r.reason as "reason", r.applied_at as "appliedAt", r.status as "status", r.refunded_at as "refundedAt",
      d.amount as "amount", a.sp_no as "spNo"
    from intent_refund r
    join intent_deposit d on d.id = r.deposit_id
    join member m on m.id = d.member_id
    join store s on s.id = d.store_id
    left join approval a on a.id = r.approval_id`,
};

export const refundIntentionListBinding = bindReport({
  decl: REFUND_INTENTION_LIST,
  from: refunds,
  filters: { period: { instant: col('rf', 'appliedAt') } },
  id: col('rf', 'id'),
  scope: { store: col('rf', 'storeId') },
});

/**
 * The abnormal rules, one select each (the rule's key, a sentence saying what was found):
 * - expiredUnhandled: still 已支付 past its expiry — neither used nor refunded, and the expiry
 *   job has not run over it;
 * - noTradeNo: paid by 微信, 支付宝 or 银行卡 without the channel's transaction number;
 * - usedOnClosedBill: used toward a bill that head office later closed (关单) — the deposit is
 *   spent on a bill that no longer stands;
 * - duplicatePay: more than one deposit by the same member at the same store on one day;
 * - refundOverPaid: executed refunds above what was paid (more than one executed refund of a
 *   deposit). It can never match: intent_refund_live_uq allows one live refund per deposit.
 */
const abnormal: BoundQuery = {
  alias: 'ab',
  query: () => sql`
    select 'expiredUnhandled:' || d.id as "key", 'expiredUnhandled' as "rule",
      '到期 ' || to_char(d.expires_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') || ' 仍未使用也未退款' as "detail",
      ${depositColumns} ${depositJoins}
      where d.status = 'paid' and d.expires_at <= now()
    union all
    select 'noTradeNo:' || d.id, 'noTradeNo', '非现金支付，缺少支付渠道交易号', ${depositColumns} ${depositJoins}
      where d.pay_method in ('wechat', 'alipay', 'bankCard') and coalesce(d.trade_no, '') = ''
    union all
    select 'usedOnClosedBill:' || d.id, 'usedOnClosedBill', '抵扣的收银单 ' || c.bill_no || ' 已关单',
      ${depositColumns} ${depositJoins}
      join member_consume c on c.id = d.consume_id
      where d.status = 'used' and c.status = 'closed'
    union all
    select 'duplicatePay:' || d.id, 'duplicatePay', '同一会员当日在该门店支付 ' || dup.n || ' 笔意向金',
      ${depositColumns} ${depositJoins}
      join (
        select member_id, store_id, (paid_at at time zone 'Asia/Shanghai')::date as day, count(*) as n
        from intent_deposit group by 1, 2, 3 having count(*) > 1
      ) dup on dup.member_id = d.member_id and dup.store_id = d.store_id
        and dup.day = (d.paid_at at time zone 'Asia/Shanghai')::date
    union all
    select 'refundOverPaid:' || d.id, 'refundOverPaid', '已执行退款 ' || x.n || ' 次，超过实付',
      ${depositColumns} ${depositJoins}
      join (select deposit_id, count(*) as n from intent_refund where status = 'refunded' group by deposit_id having count(*) > 1) x
        on x.deposit_id = d.id`,
};

export const abnormalIntentionRecordBinding = bindReport({
  decl: ABNORMAL_INTENTION_RECORD,
  from: abnormal,
  filters: { period: { instant: col('ab', 'paidAt') } },
  id: col('ab', 'key'),
  scope: { store: col('ab', 'storeId') },
});

export const INTENT_REPORT_BINDINGS = [
  payIntentionRecordBinding,
  refundIntentionListBinding,
  abnormalIntentionRecordBinding,
];
