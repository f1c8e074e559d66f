/**
 * The bill lists' bindings (contract reports/bills.ts): bound queries over member_consume, so that
 * the filters that need another table (the member by phone, code or name; a staff who served; a
 * payment method) become index-friendly subqueries, and the period and the order stay on
 * member_consume's own indexes (consumed_at, store_id + consumed_at, closed_at).
 */
import { ABNORMAL_BILL_LIST, BILLING_CLOSE_LIST, BILLING_LIST } from '@zb/contract/reports/bills';
import { type SQL, sql } from 'drizzle-orm';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';
import { rollupSums } from './rollups';

/**
 * Bills of the member given by phone, 会员编号 or exact name (each an indexed column of member).
 * `= any(array(…))`: the ids come first (an init plan), so the bills are read by
 * member_consume_member_idx — as `in (select …)` the planner walked the period's bills newest first
 * looking for the member's few (minutes at 24 M bills; 12 ms this way).
 */
const memberCond = ({ bind }: QueryInput): SQL =>
  sql`c.member_id = any(array(select id from member where phone = ${bind('member')} or code = ${bind('member')} or name = ${bind('member')}))`;

const and = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);

/** The columns every bill list shows, from c (member_consume), s (store) and m (member). */
const billColumns = sql`c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
  c.store_id as "storeId", s.name as "storeName", m.name as "memberName", m.phone as "memberPhone",
  c.kind as "kind", c.total as "total", c.paid_by_card as "paidByCard", c.paid_other as "paidOther",
  c.refunded as "refunded"`;

/** The same columns, the member's looked up per row (evaluated only for the rows a page keeps). */
const lazyMemberColumns = sql`c.id as "id", c.bill_no as "billNo", c.consumed_at as "consumedAt",
  c.store_id as "storeId", s.name as "storeName", (select m.name from member m where m.id = c.member_id) as "memberName",
  (select m.phone from member m where m.id = c.member_id) as "memberPhone",
  c.kind as "kind", c.total as "total", c.paid_by_card as "paidByCard", c.paid_other as "paidOther",
  c.refunded as "refunded"`;

const billJoins = sql`left join store s on s.id = c.store_id left join member m on m.id = c.member_id`;

/** The /billingList filters a bill rollup answers besides the store, by query key: its column (rollups.ts). */
const ROLLUP_FILTERS = { kind: 'kind', source: 'source', refundState: 'refund_state', status: 'status' };

/**
 * 共 N 条 and 合计 of /billingList from the bill rollups (rollups.ts): bill_day, or with a 支付方式
 * bill_pay_day (each bill once per method it has), over the period's days, the caller's scope and
 * the filters asked — a few rows per store and day, never the month's bills. The member and staff
 * filters are selective and stay on the facts (undefined: the engine counts the page's facts).
 */
const billingListTotals = (input: QueryInput) => {
  const { bind, has } = input;
  if (has('member') || has('staffId')) return undefined;
  const conds: SQL[] = [];
  for (const [key, column] of Object.entries(ROLLUP_FILTERS)) {
    if (has(key)) conds.push(sql`${sql.raw(`d.${column}`)} = ${bind(key)}::text`);
  }
  if (has('payMethod')) conds.push(sql`d.method = ${bind('payMethod')}::text`);
  const sum = rollupSums(input, has('payMethod') ? 'bill_pay_day' : 'bill_day', conds);
  return {
    count: sum('n'),
    total: sum('total'),
    paidByCard: sum('paid_by_card'),
    paidOther: sum('paid_other'),
    refunded: sum('refunded'),
  };
};

export const billingListBinding = bindReport({
  decl: BILLING_LIST,
  from: {
    alias: 'q',
    query: (input) => {
      const { bind, has } = input;
      const conds: SQL[] = [];
      if (has('member')) conds.push(memberCond(input));
      if (has('staffId')) {
        conds.push(
          sql`(c.staff_id = ${bind('staffId')} or c.id = any(array(select consume_id from bill_share where staff_id = ${bind('staffId')})))`,
        );
      }
      if (has('payMethod')) {
        conds.push(
          sql`exists (select 1 from bill_payment p where p.consume_id = c.id and p.method = ${bind('payMethod')})`,
        );
      }
      const rest = sql`c.source as "source", c.status as "status",
          case when c.refunded <= 0 then 'none' when c.refunded >= c.total then 'full' else 'partial' end as "refundState"`;
      // The member is looked up for the rows the page keeps (a join would read every member to
      // sort a month's bills by a figure). In store-name order, the stores by name
      // (store_name_idx) and each store's bills of the period by member_consume_store_idx: the
      // page reads the first stores' bills, not the month's.
      if (input.order[0]?.[0] === 'storeName' && !has('member') && !has('staffId')) {
        return sql`select ${lazyMemberColumns}, ${rest}
          from store s join member_consume c on c.store_id = s.id ${and(conds)}`;
      }
      return sql`select ${lazyMemberColumns}, ${rest}
        from member_consume c left join store s on s.id = c.store_id ${and(conds)}`;
    },
  },
  id: col('q', 'id'),
  filters: {
    period: { instant: col('q', 'consumedAt') },
    member: 'query',
    staffId: 'query',
    payMethod: 'query',
  },
  scope: { store: col('q', 'storeId') },
  totals: billingListTotals,
});

export const billingCloseBinding = bindReport({
  decl: BILLING_CLOSE_LIST,
  from: {
    alias: 'q',
    query: (input) => {
      const conds: SQL[] = [sql`c.closed_at is not null`, sql`c.status = 'closed'`];
      if (input.has('member')) conds.push(memberCond(input));
      return sql`select ${billColumns}, c.closed_at as "closedAt", u.nickname as "closedByName",
          c.close_reason as "closeReason"
        from member_consume c ${billJoins} left join user_account u on u.id = c.closed_by ${and(conds)}`;
    },
  },
  id: col('q', 'id'),
  filters: { period: { instant: col('q', 'closedAt') }, member: 'query' },
  scope: { store: col('q', 'storeId') },
});

export const abnormalBillListBinding = bindReport({
  decl: ABNORMAL_BILL_LIST,
  from: {
    alias: 'q',
    query: () => sql`select a.id as "abnormalId", c.id as "id", c.bill_no as "billNo", a.detected_at as "detectedAt",
        a.rule as "rule", a.reason as "reason", c.consumed_at as "consumedAt", a.store_id as "storeId",
        s.name as "storeName", m.name as "memberName", a.status as "status", u.nickname as "handledByName",
        a.handle_note as "handleNote", c.total as "total", c.paid_by_card as "paidByCard"
      from abnormal_bill a join member_consume c on c.id = a.consume_id
        join store s on s.id = a.store_id join member m on m.id = c.member_id
        left join user_account u on u.id = a.handled_by`,
  },
  id: col('q', 'abnormalId'),
  filters: { period: { instant: col('q', 'detectedAt') } },
  scope: { store: col('q', 'storeId') },
});

export const BILL_REPORT_BINDINGS = [billingListBinding, billingCloseBinding, abnormalBillListBinding];
