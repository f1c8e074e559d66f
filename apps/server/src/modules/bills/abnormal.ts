/**
 * 异常开单: the declared rules (contract entities/abnormalBill.ts) evaluated by a scheduled job,
 * and the handling steps (ABNORMAL_FLOW through runStep).
 *
 * Why a job and not a hook in the bill service: bills come from several writers (the open API's
 * bill service, the seed, imports), and two rules look at what happens after a bill (a refund
 * after a top-up). The job keeps two watermarks in abnormal_scan_state — the last bill id and the
 * last card-ledger id it read — and each run reads only what came after them, in batches of
 * SCAN_BATCH ids, each batch in one transaction with its watermark (a crash re-reads at most one
 * batch; a rule writes a bill's row once, (consume_id, rule) is unique). A bill is flagged within
 * one run of the job (every 5 minutes by default); `scanAbnormalBills` can be called right after
 * a write too (the seed does).
 */
import {
  ABNORMAL_FLOW,
  ABNORMAL_PARAMS,
  type AbnormalRule,
  type AbnormalStep,
} from '@zb/contract/entities/abnormalBill';
import type { BillStepDone } from '@zb/contract/entities/billView';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatClock } from '@zb/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { runStep } from '../../platform/flow';
import { storeScopeFilter } from '../../platform/scope';
import { readSetting, readSwitch } from '../../platform/settings';
import { memberConsume } from '../members/schema';
import { abnormalBill, abnormalScanState } from './schema';
import { closeBillIn } from './view';

/** Ids read per transaction of the scan. */
export const SCAN_BATCH = 20_000;

interface Flag {
  consumeId: number;
  storeId: number;
  rule: AbnormalRule;
  reason: string;
}

type Range = { from: number; to: number };

const yuan = (fen: number) => `¥${formatYuan(fen)}`;

/** The rules' thresholds: the store hours of the contract, the rest as /otherConfig has them. */
interface Params {
  duplicateMinutes: number;
  amountLimit: number;
  refundAfterTopUpHours: number;
  storeOpens: string;
  storeCloses: string;
}

const paramsOf = async (db: Db | Tx): Promise<Params> => ({
  duplicateMinutes: await readSetting(db, 'abnormalDuplicateMinutes'),
  amountLimit: (await readSetting(db, 'abnormalAmountLimitYuan')) * 100,
  refundAfterTopUpHours: await readSetting(db, 'abnormalRefundAfterTopUpHours'),
  storeOpens: ABNORMAL_PARAMS.storeOpens,
  storeCloses: ABNORMAL_PARAMS.storeCloses,
});

/** The bill rules: each reads the bills with from < id ≤ to and answers what it flags. */
const billRules = (
  P: Params,
): Record<Exclude<AbnormalRule, 'refundAfterTopUp'>, (tx: Tx, r: Range) => Promise<Flag[]>> => ({
  duplicate: async (tx, { from, to }) => {
    const rows = rowsOf<{ id: number; store_id: number; total: number; other: string; minutes: number }>(
      await tx.execute(sql`select b.id, b.store_id, b.total, p.bill_no as other,
          floor(extract(epoch from b.consumed_at - p.consumed_at) / 60)::int as minutes
        from member_consume b
        join lateral (
          select p.bill_no, p.consumed_at from member_consume p
          where p.member_id = b.member_id and p.store_id = b.store_id and p.total = b.total and p.id <> b.id
            and p.consumed_at >= b.consumed_at - make_interval(mins => ${P.duplicateMinutes})
            and (p.consumed_at < b.consumed_at or (p.consumed_at = b.consumed_at and p.id < b.id))
          order by p.consumed_at desc, p.id desc limit 1
        ) p on true
        where b.id > ${from} and b.id <= ${to}`),
    );
    return rows.map((r) => ({
      consumeId: r.id,
      storeId: r.store_id,
      rule: 'duplicate',
      reason: `与 ${r.other} 同会员、同门店、同金额 ${yuan(r.total)}，相隔 ${r.minutes} 分钟`,
    }));
  },
  outsideHours: async (tx, { from, to }) => {
    const rows = rowsOf<{ id: number; store_id: number; at: Date | string }>(
      await tx.execute(sql`select b.id, b.store_id, b.consumed_at as at from member_consume b
        where b.id > ${from} and b.id <= ${to} and b.paid_by_card > 0
          and ((b.consumed_at at time zone 'Asia/Shanghai')::time < ${P.storeOpens}::time
            or (b.consumed_at at time zone 'Asia/Shanghai')::time >= ${P.storeCloses}::time)`),
    );
    return rows.map((r) => ({
      consumeId: r.id,
      storeId: r.store_id,
      rule: 'outsideHours',
      reason: `划卡时间 ${formatClock(r.at)} 在营业时间 ${P.storeOpens}–${P.storeCloses} 之外`,
    }));
  },
  overLimit: async (tx, { from, to }) => {
    const rows = rowsOf<{ id: number; store_id: number; total: number }>(
      await tx.execute(sql`select b.id, b.store_id, b.total from member_consume b
        where b.id > ${from} and b.id <= ${to} and b.total > ${P.amountLimit}`),
    );
    return rows.map((r) => ({
      consumeId: r.id,
      storeId: r.store_id,
      rule: 'overLimit',
      reason: `单据金额 ${yuan(r.total)} 超过上限 ${yuan(P.amountLimit)}`,
    }));
  },
  paymentsMismatch: async (tx, { from, to }) => {
    const rows = rowsOf<{ id: number; store_id: number; total: number; paid: number; n: number; lines: number }>(
      await tx.execute(sql`select b.id, b.store_id, b.total, pay.paid::int as paid, pay.n::int as n, ln.lines::int as lines
        from member_consume b
        cross join lateral (select count(*) as n, coalesce(sum(amount), 0) as paid from bill_payment where consume_id = b.id) pay
        cross join lateral (select coalesce(sum(amount), 0) as lines from member_consume_line where consume_id = b.id) ln
        where b.id > ${from} and b.id <= ${to} and ((pay.n > 0 and pay.paid <> b.total) or ln.lines <> b.total)`),
    );
    return rows.map((r) => ({
      consumeId: r.id,
      storeId: r.store_id,
      rule: 'paymentsMismatch',
      reason:
        r.n > 0 && r.paid !== r.total
          ? `支付合计 ${yuan(r.paid)} 与单据金额 ${yuan(r.total)} 不符`
          : `明细合计 ${yuan(r.lines)} 与单据金额 ${yuan(r.total)} 不符`,
    }));
  },
});

/**
 * 充值后短时退款: ledger 退款 rows with from < id ≤ to on a card topped up within the hours
 * before; the bill flagged is the one that holds the top-up (a top-up outside a bill flags none).
 */
const refundAfterTopUp =
  (P: Params) =>
  async (tx: Tx, { from, to }: Range): Promise<Flag[]> => {
    const rows = rowsOf<{ consume_id: number; store_id: number; card_no: string; hours: number; amount: number }>(
      await tx.execute(sql`select distinct on (l.consume_id) l.consume_id, c.store_id, mc.card_no,
        floor(extract(epoch from r.at - t.at) / 3600)::int as hours, -(r.amount + r.bonus_amount) as amount
      from card_ledger r
      join lateral (
        select t.ref_id, t.at from card_ledger t
        where t.member_card_id = r.member_card_id and t.kind = 'topUp' and t.ref_type = 'card_top_up'
          and t.at <= r.at and t.at >= r.at - make_interval(hours => ${P.refundAfterTopUpHours})
        order by t.at desc, t.id desc limit 1
      ) t on true
      join member_consume_line l on l.top_up_id = t.ref_id
      join member_consume c on c.id = l.consume_id
      join member_card mc on mc.id = r.member_card_id
      where r.id > ${from} and r.id <= ${to} and r.kind = 'refund'
      order by l.consume_id, r.id`),
    );
    return rows.map((r) => ({
      consumeId: r.consume_id,
      storeId: r.store_id,
      rule: 'refundAfterTopUp',
      reason: `卡 ${r.card_no} 充值后 ${r.hours} 小时内退款 ${yuan(r.amount)}`,
    }));
  };

const writeFlags = async (tx: Db | Tx, flags: Flag[], at: Date): Promise<number> => {
  let n = 0;
  for (let i = 0; i < flags.length; i += 1000) {
    const part = flags.slice(i, i + 1000).map((f) => ({ ...f, detectedAt: at }));
    const done = await tx.insert(abnormalBill).values(part).onConflictDoNothing().returning({ id: abnormalBill.id });
    n += done.length;
  }
  return n;
};

/** Moves one watermark over what came after it, batch by batch; answers the rows flagged. */
const advance = async (
  db: Db | Tx,
  name: 'bill' | 'ledger',
  maxSql: ReturnType<typeof sql>,
  rules: ((tx: Tx, r: Range) => Promise<Flag[]>)[],
  at: Date,
): Promise<{ read: number; flagged: number }> => {
  let read = 0;
  let flagged = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await tx.insert(abnormalScanState).values({ name }).onConflictDoNothing();
      const [state] = await tx
        .select({ lastId: abnormalScanState.lastId })
        .from(abnormalScanState)
        .where(eq(abnormalScanState.name, name))
        .for('update');
      const from = state?.lastId ?? 0;
      const max = Number(rowsOf<{ max: string | number | null }>(await tx.execute(maxSql))[0]?.max ?? 0);
      if (max <= from) return null;
      const to = Math.min(max, from + SCAN_BATCH);
      const flags = (await Promise.all(rules.map((r) => r(tx, { from, to })))).flat();
      const n = await writeFlags(tx, flags, at);
      await tx.update(abnormalScanState).set({ lastId: to, scannedAt: at }).where(eq(abnormalScanState.name, name));
      return { read: to - from, flagged: n };
    });
    if (!step) return { read, flagged };
    read += step.read;
    flagged += step.flagged;
  }
};

/**
 * The scheduled job: evaluates every rule over the bills and refund ledger rows written since the
 * watermarks, with the thresholds /otherConfig has now. Answers how many ids it read and how many
 * abnormal rows it wrote. While /otherConfig's 异常开单自动识别 is off it reads nothing and the
 * watermarks stay: the run after it is turned on again reads what came meanwhile.
 */
export const scanAbnormalBills = async (db: Db | Tx, at = new Date()): Promise<{ read: number; flagged: number }> => {
  if (!(await readSwitch(db, 'abnormalScanEnabled'))) return { read: 0, flagged: 0 };
  const P = await paramsOf(db);
  const bills = await advance(
    db,
    'bill',
    sql`select max(id) as max from member_consume`,
    Object.values(billRules(P)),
    at,
  );
  const ledger = await advance(db, 'ledger', sql`select max(id) as max from card_ledger`, [refundAfterTopUp(P)], at);
  return { read: bills.read + ledger.read, flagged: bills.flagged + ledger.flagged };
};

/**
 * Flags one bill under `rule` as the scan would (a rule's flag is kept once per bill): answers the
 * flag's id, the one already kept when the bill was flagged under that rule before.
 */
export const flagBill = async (db: Db | Tx, consumeId: number, rule: AbnormalRule, reason: string): Promise<number> => {
  const [bill] = await db
    .select({ storeId: memberConsume.storeId })
    .from(memberConsume)
    .where(eq(memberConsume.id, consumeId));
  if (!bill) throw new BizError(ERR.RECORD_NOT_FOUND, '收银单不存在');
  await writeFlags(db, [{ consumeId, storeId: bill.storeId, rule, reason }], new Date());
  const [flag] = await db
    .select({ id: abnormalBill.id })
    .from(abnormalBill)
    .where(and(eq(abnormalBill.consumeId, consumeId), eq(abnormalBill.rule, rule)));
  return flag!.id;
};

// ── Handling ─────────────────────────────────────────────────────────────────

const stepIn = async (tx: Tx, auth: Auth, id: number, step: AbnormalStep, reason: string, set = {}) => {
  const at = new Date();
  await runStep(tx, {
    flow: ABNORMAL_FLOW,
    table: abnormalBill,
    id,
    step,
    by: { kind: 'console', userId: auth.user.id },
    reason,
    set: { handledBy: auth.user.id, handledAt: at, handleNote: reason.trim(), ...set },
    where: storeScopeFilter(auth.scope, abnormalBill.storeId),
    at,
  });
  const [row] = await tx
    .select({ consumeId: abnormalBill.consumeId, storeId: abnormalBill.storeId })
    .from(abnormalBill)
    .where(eq(abnormalBill.id, id));
  return { ...row!, at };
};

/** 确认无误: the bill stands. */
export const confirmAbnormal = (db: Db, auth: Auth, id: number, reason: string): Promise<BillStepDone> =>
  db.transaction(async (tx) => {
    await stepIn(tx, auth, id, 'confirm', reason);
    return { id, status: 'confirmed' };
  });

/** 冲正: the bill is closed (BILL_FLOW 关单) and its card draws go back by ledger 调整 entries. */
export const reverseAbnormal = (db: Db, auth: Auth, id: number, reason: string): Promise<BillStepDone> =>
  db.transaction(async (tx) => {
    const { consumeId, at } = await stepIn(tx, auth, id, 'reverse', reason);
    await closeBillIn(tx, { userId: auth.user.id, scope: auth.scope }, consumeId, `冲正：${reason.trim()}`, at);
    return { id, status: 'reversed' };
  });

/** 补单: what was missing was made up; `billNo` names the bill that makes it up (the same member's). */
export const supplementAbnormal = (
  db: Db,
  auth: Auth,
  id: number,
  reason: string,
  billNo?: string,
): Promise<BillStepDone> =>
  db.transaction(async (tx) => {
    let supplementConsumeId: number | null = null;
    if (billNo) {
      const [own] = await tx
        .select({ memberId: memberConsume.memberId, consumeId: memberConsume.id })
        .from(abnormalBill)
        .innerJoin(memberConsume, eq(memberConsume.id, abnormalBill.consumeId))
        .where(eq(abnormalBill.id, id));
      const [made] = await tx
        .select({ id: memberConsume.id, memberId: memberConsume.memberId })
        .from(memberConsume)
        .where(and(eq(memberConsume.billNo, billNo), storeScopeFilter(auth.scope, memberConsume.storeId)));
      if (!made) throw new BizError(ERR.PARAM_INVALID, `补单单号 ${billNo} 不存在或不在您的数据范围内`);
      if (own && (made.memberId !== own.memberId || made.id === own.consumeId)) {
        throw new BizError(ERR.PARAM_INVALID, `补单单号 ${billNo} 须为该会员的另一张收银单`);
      }
      supplementConsumeId = made.id;
    }
    const note = billNo ? `${reason.trim()}（补单 ${billNo}）` : reason;
    await stepIn(tx, auth, id, 'supplement', note, { supplementConsumeId });
    return { id, status: 'supplemented' };
  });
