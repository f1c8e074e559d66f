/**
 * The large world's 收银单 facts beside its bills (issue 14): seed/memberHistory.ts COPYs the bills
 * and their lines with the card ledger, and this step, set-based in SQL on the database, gives
 * every bill what the bill service (modules/bills/service.ts `sendBill`) writes with it:
 *
 * - **payments** (`bill_payment`): what no card paid, sent by the till — 微信 48 %, 支付宝 24 %,
 *   银行卡 14 %, 现金 12.5 %, and 签单 for 1.5 % where the store has a manager's quota (within the
 *   month's quota, else 微信); one bill in eight with 200 分 or more to pay splits it over two
 *   methods (30–70 % by the first, whole 元, the rest in 现金, or 微信 after 现金) — then one
 *   储值卡 / 套餐卡次 payment per card the lines drew, of what they drew, in card order, numbered
 *   after the sent ones as sendBill numbers them. 微信, 支付宝 and 银行卡 carry a trade number.
 * - **shares** (`bill_share`) on every line of a bill with a staff (a bill without one had no staff
 *   sent, as sendBill would store it): the first line served by the bill's staff (sendBill takes
 *   the bill's staff from there), the others by them four times in five, else by a colleague of
 *   the store; one line in ten split with a second colleague (业绩 halved, the first the lower
 *   half). 业绩 is the line's amount, 提成 at the demo seed's rate of the line's kind
 *   (seed/performance.ts DEMO_COMMISSION_BP).
 * - **kind** from the lines (`billKindOf`, seed/billChecks.ts BILL_KIND_SQL), written only where
 *   it differs (the history's bills all have a project line: 消费, the column's default). Their
 *   source stays 门店收银 (pos), the till's, as the demo history's.
 * - **关单** of 8 bills in 10,000 that no card paid (closeSql).
 *
 * Every choice is a hash of the bill's or the line's id (`hashint4extended`, the same on every
 * PostgreSQL and PGlite), so the same world gives the same facts. Bills that already have
 * payments (or shares) keep them: the demo's, sent through sendBill, or a run before. One
 * transaction, so a failed run leaves nothing: the two tables' secondary indexes, unique
 * constraints and foreign keys are dropped first and built again after the inserts (as the member
 * COPY does), which a rollback puts back too. seed/billChecks.ts states the rules in SQL.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle, Tx } from '../db/client';
import { BILL_KIND_SQL } from './billChecks';
import { deferrable } from './memberHistory';
import { RATE_CASE } from './performance';

/** Salts of the hashes (one per choice). */
const SALT = {
  method: 1401,
  split: 1402,
  signer: 1403,
  served: 1404,
  colleague: 1405,
  partner: 1406,
  close: 1407,
  closeAfter: 1408,
} as const;

/** Why head office closed a bill (关单), as the demo's closed bills say it. */
const CLOSE_REASONS = ['会员投诉未到店，核实后关单', '收银员误操作，门店申请关单', '重复录单，门店申请关单'] as const;
/** Bills closed per 10,000: only bills no card paid, whose closing gives nothing back to a card. */
const CLOSED_PER_10K = 8;

/** A choice out of 10,000 (or `n`) from an id: the same on every run and database. */
const pick = (id: string, salt: number, n = 10_000) => `abs(hashint4extended(${id}, ${salt}) % ${n})`;

/** The method of what no card paid, by `pick(id, method)`: 10,000 split as the comment above says. */
const METHOD_CASE = (u: string) =>
  `case when ${u} < 4800 then 'wechat' when ${u} < 7200 then 'alipay' when ${u} < 8600 then 'bankCard'
        when ${u} < 9850 then 'cash' else 'wechat' end`;
/** 签单's share: the rest of the 10,000 (where the store has a quota). */
const SIGN_FROM = 9850;

export interface BillFactsOptions {
  /** Bills per statement (each statement reads its bills by id range). */
  chunk?: number;
  log?: (line: string) => void;
}

export interface BillFactsReport {
  payments: number;
  shares: number;
  signBills: number;
  kinds: number;
  closed: number;
  /** Seconds inserting, and building the two tables' indexes and keys again. */
  fillSeconds: number;
  indexSeconds: number;
}

/** Rows a statement wrote: postgres-js answers `count`, PGlite `affectedRows`. */
const affected = (res: unknown) => {
  const r = res as { count?: number; affectedRows?: number };
  return Number(r.count ?? r.affectedRows ?? 0);
};

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** What is there before: bills already paid or shared, each store's staff in order, the 签单 that fit a quota. */
const prepare = async (tx: Tx) => {
  const run = (q: string) => tx.execute(sql.raw(q));
  await run(`create temp table bf_paid on commit drop as select distinct consume_id from bill_payment`);
  await run(`alter table bf_paid add primary key (consume_id)`);
  await run(`create temp table bf_shared on commit drop as select distinct consume_id from bill_share`);
  await run(`alter table bf_shared add primary key (consume_id)`);
  // Each store's staff on the books, numbered: a colleague is the n-th of k.
  await run(`create temp table bf_team on commit drop as
    select id, store_id, row_number() over (partition by store_id order by id)::int as n,
           count(*) over (partition by store_id)::int as k
      from staff where status <> 'left'`);
  await run(`alter table bf_team add primary key (id)`);
  await run(`create index on bf_team (store_id, n)`);
  await run(
    `create temp table bf_team_size on commit drop as select store_id, max(k) as k from bf_team group by store_id`,
  );
  await run(`alter table bf_team_size add primary key (store_id)`);
  // 签单: where the store has quotas, a bill whose method pick falls there is signed by one of its
  // managers, as long as the month (Beijing) stays within the quota with what was signed before.
  await run(`create temp table bf_sign on commit drop as
    with q as (
      select store_id, staff_id, monthly_quota, row_number() over (partition by store_id order by id) as n,
             count(*) over (partition by store_id) as k
        from sign_quota where enabled),
    cand as (
      select c.id, q.staff_id, q.store_id, q.monthly_quota, c.paid_other,
             date_trunc('month', c.consumed_at at time zone 'Asia/Shanghai') as mon
        from member_consume c
        join q on q.store_id = c.store_id and q.n = 1 + ${pick('c.id', SALT.signer)} % q.k
       where c.store_id in (select store_id from q) and c.paid_other > 0 and c.total > 0
         and ${pick('c.id', SALT.method)} >= ${SIGN_FROM}
         and not exists (select 1 from bf_paid d where d.consume_id = c.id)),
    used as (
      select p.signer_staff_id as staff_id, c.store_id,
             date_trunc('month', c.consumed_at at time zone 'Asia/Shanghai') as mon, sum(p.amount - p.refunded) as used
        from bill_payment p join member_consume c on c.id = p.consume_id
       where p.method = 'signBill' group by 1, 2, 3),
    run as (
      select cand.*, sum(cand.paid_other) over (partition by cand.staff_id, cand.store_id, cand.mon order by cand.id) as r
        from cand)
    select run.id as consume_id, run.staff_id as signer
      from run left join used u on u.staff_id = run.staff_id and u.store_id = run.store_id and u.mon = run.mon
     where run.r + coalesce(u.used, 0) <= run.monthly_quota`);
  await run(`alter table bf_sign add primary key (consume_id)`);
};

/** The payments of the bills in [lo, hi) that have none. */
const paymentsSql = (lo: number, hi: number) => `
  insert into bill_payment (consume_id, seq, method, amount, member_card_id, trade_no, signer_staff_id)
  with b0 as (
    select c.id, c.paid_other::bigint as p, ${pick('c.id', SALT.split)} as v, g.signer,
           case when g.signer is not null then 'signBill' else ${METHOD_CASE(pick('c.id', SALT.method))} end as m1
      from member_consume c left join bf_sign g on g.consume_id = c.id
     where c.id >= ${lo} and c.id < ${hi} and c.total > 0
       and not exists (select 1 from bf_paid d where d.consume_id = c.id)),
  b as (
    select b0.*, b0.p > 0 and b0.signer is null and b0.p >= 200 and b0.v < 1250 as split,
           greatest(100, b0.p * (30 + b0.v % 41) / 10000 * 100) as a1
      from b0),
  sent as (
    select id, 1 as seq, m1 as method, case when split then a1 else p end as amount, signer from b where p > 0
    union all
    select id, 2, case m1 when 'cash' then 'wechat' else 'cash' end, p - a1, null from b where split),
  cards as (
    select l.consume_id as id, l.member_card_id, sum(l.card_amount) as amount,
           bool_or(l.sessions is not null) as combo,
           min(case when b.p = 0 then 0 when b.split then 2 else 1 end) as k
      from member_consume_line l join b on b.id = l.consume_id
     where l.consume_id >= ${lo} and l.consume_id < ${hi} and l.member_card_id is not null
       and l.item_kind in ('project', 'product')
     group by l.consume_id, l.member_card_id having sum(l.card_amount) > 0)
  select id, seq, method, amount, null::int,
         case method when 'wechat' then 'WX' when 'alipay' then 'ZFB' when 'bankCard' then 'YL' end
           || lpad(id::text, 10, '0') || seq,
         signer
    from sent
  union all
  select id, (k + row_number() over (partition by id order by member_card_id))::int,
         case when combo then 'comboCard' else 'storedCard' end, amount, member_card_id, null, null
    from cards
  order by 1, 2`;

/** The shares of the lines of the bills in [lo, hi) that have a staff and no share. */
const sharesSql = (lo: number, hi: number) => `
  insert into bill_share (consume_id, line, staff_id, performance, commission)
  with x as (
    select l.consume_id, l.line, l.item_kind, l.amount, c.store_id,
           case when l.line = 1 or ${pick('l.id', SALT.served, 100)} < 80 then c.staff_id else t1.id end as s1,
           ${pick('l.id', SALT.partner)} as w, z.k
      from member_consume c
      join member_consume_line l on l.consume_id = c.id
      join bf_team_size z on z.store_id = c.store_id
      left join bf_team t1 on t1.store_id = c.store_id and t1.n = 1 + ${pick('l.id', SALT.colleague)} % z.k
     where c.id >= ${lo} and c.id < ${hi} and l.consume_id >= ${lo} and l.consume_id < ${hi}
       and c.staff_id is not null and not exists (select 1 from bf_shared d where d.consume_id = c.id)),
  y as (
    select x.*, case when x.w < 1000 and x.k > 1 then t2.id end as s2
      from x
      left join bf_team f on f.id = x.s1
      left join bf_team t2 on t2.store_id = x.store_id and f.id is not null
                          and t2.n = 1 + (f.n + x.w % nullif(x.k - 1, 0)) % x.k)
  select l.consume_id, l.line, l.staff_id, l.performance, round(l.performance * ${RATE_CASE} / 10000.0)::int
    from (select y.consume_id, y.line, y.item_kind, v.pos, v.staff_id, v.performance
            from y cross join lateral (values
              (1, y.s1, case when y.s2 is null then y.amount else y.amount / 2 end),
              (2, y.s2, y.amount - y.amount / 2)) v(pos, staff_id, performance)
           where v.staff_id is not null) l
   order by l.consume_id, l.line, l.pos`;

/** The kinds of the bills in [lo, hi) that their lines name otherwise. */
const kindsSql = (lo: number, hi: number) => `
  update member_consume c set kind = k.kind
    from (select x.consume_id, ${BILL_KIND_SQL} as kind from member_consume_line x
           where x.consume_id >= ${lo} and x.consume_id < ${hi} group by x.consume_id) k
   where c.id = k.consume_id and c.id >= ${lo} and c.id < ${hi} and c.kind <> k.kind`;

/**
 * 关单 of a few bills, as closeBillIn writes it (BILL_FLOW close by head office, no user: the
 * demo's closer): the bill's state, when (2 to 72 hours after it, before the history's last bill)
 * and why, its flow_event and its operation-log row. Only bills no card paid: the ledger's 调整
 * rows that give draws back would have to come after each card's later rows. A bill picked again
 * is already closed: nothing twice.
 */
const closeSql = `
  with picked as (
    select c.id, c.consumed_at + (2 + ${pick('c.id', SALT.closeAfter, 71)}) * interval '1 hour' as at,
           (array[${CLOSE_REASONS.map((r) => `'${r}'`).join(', ')}])[1 + ${pick('c.id', SALT.closeAfter, CLOSE_REASONS.length)}] as reason
      from member_consume c
     where c.status = 'completed' and c.paid_by_card = 0 and c.refunded = 0
       and ${pick('c.id', SALT.close)} < ${CLOSED_PER_10K}),
  closed as (
    update member_consume c set status = 'closed', closed_at = p.at, closed_by = null, close_reason = p.reason
      from picked p
     where c.id = p.id and p.at < (select max(consumed_at) from member_consume)
    returning c.id, p.at, p.reason),
  events as (
    insert into flow_event (flow, record_id, step, from_state, to_state, actor_kind, user_id, reason, at)
    select 'bill', id, 'close', 'completed', 'closed', 'console', null, reason, at from closed)
  insert into operation_log (user_id, action, target, before, after, at)
  select null, 'bill.close', 'member_consume:' || id, '{"status": "completed"}'::jsonb,
         jsonb_build_object('status', 'closed', 'reason', reason), at
    from closed order by id`;

/**
 * Fills the payments, shares and kinds of every bill that has none (the large generator calls it
 * after the member history; `npm run seed -- --only bill-facts` runs it alone on a world that
 * already has its bills).
 */
export const fillBillFacts = async (handle: DbHandle, o: BillFactsOptions = {}): Promise<BillFactsReport> => {
  const chunk = o.chunk ?? 500_000;
  return handle.db.transaction(async (tx) => {
    const started = performance.now();
    if (handle.driver === 'postgres') {
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    }
    await prepare(tx);
    const deferred = await deferrable(tx, ['bill_payment', 'bill_share']);
    for (const s of deferred.drop) await tx.execute(sql.raw(s));
    const [range] = rowsOf<{ lo: number | null; hi: number | null; signed: number }>(
      await tx.execute(
        sql.raw(`select min(id)::int as lo, max(id)::int as hi, (select count(*)::int from bf_sign) as signed
                   from member_consume`),
      ),
    );
    const report: BillFactsReport = {
      payments: 0,
      shares: 0,
      signBills: Number(range?.signed ?? 0),
      kinds: 0,
      closed: 0,
      fillSeconds: 0,
      indexSeconds: 0,
    };
    const first = Number(range?.lo ?? 1);
    const last = Number(range?.hi ?? 0);
    for (let lo = first; lo <= last; lo += chunk) {
      const hi = lo + chunk;
      report.payments += affected(await tx.execute(sql.raw(paymentsSql(lo, hi))));
      report.shares += affected(await tx.execute(sql.raw(sharesSql(lo, hi))));
      report.kinds += affected(await tx.execute(sql.raw(kindsSql(lo, hi))));
      const done = Math.min(hi, last + 1) - first;
      if (o.log && (hi > last || (done / chunk) % 4 === 0)) {
        o.log(
          `    收银单 ${done.toLocaleString('en')} / ${(last + 1 - first).toLocaleString('en')}：支付 ${report.payments.toLocaleString('en')}，分成 ${report.shares.toLocaleString('en')}（${((performance.now() - started) / 1000).toFixed(0)} 秒）`,
        );
      }
    }
    const filled = performance.now();
    report.fillSeconds = (filled - started) / 1000;
    for (const s of deferred.create) await tx.execute(sql.raw(s));
    await tx.execute(sql`analyze bill_payment`);
    await tx.execute(sql`analyze bill_share`);
    report.indexSeconds = (performance.now() - filled) / 1000;
    // After the indexes: the bill rollups' update trigger reads each closed bill's payments and
    // shares by bill (without the indexes, a scan of all of them for every line: hours at the
    // large scale).
    report.closed = affected(await tx.execute(sql.raw(closeSql)));
    return report;
  });
};
