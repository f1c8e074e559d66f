/**
 * 会员积分 (contract entities/points.ts): the only code that changes a member's points. Each change
 * is one points_ledger row written in the transaction of its business record, with the balance
 * after it; member_points keeps the running totals and is the row a change locks, so two spends
 * of one member queue and the second sees what the first left. (ref_type, ref_id, member) is the
 * idempotency key: a record writes its row once.
 *
 * - 消费积分: a bill earns ⌊paid other than by card (分) × pointsPerYuan ÷ 100⌋ in its transaction
 *   (bills' `billWritten` hook); what a card paid earned its points when the card was bought.
 * - 退款扣回: an executed refund takes back the bill's points in proportion to the money returned
 *   outside the cards (refunds' `refundExecuted` hook), at most what the member has left.
 * - 积分兑换: an exchange spends its points; more than the member has is refused (POINTS_SHORT).
 * - 积分过期: first earned, first used — the points earned before (today − pointsExpiryMonths) that
 *   the member's debits (spent, taken back, expired) have not used up expire (the daily job).
 */
import {
  POINTS_REFS,
  type PointsExchangeBody,
  type PointsExchangeDone,
  type PointsLedgerKind,
} from '@zb/contract/entities/points';
import { ERR } from '@zb/contract/errcodes';
import { SETTINGS } from '@zb/contract/settings';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { readSetting, settingRowKey } from '../../platform/settings';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { member } from '../members/schema';
import { refund } from '../refunds/schema';
import { memberPoints, pointsExchange, pointsLedger } from './schema';

/** The rate as stored (validated when it was written), or its default: one statement reads it inline. */
const rateSql = sql`coalesce((select value::int from app_setting where key = ${settingRowKey('pointsPerYuan')}), ${SETTINGS.pointsPerYuan.default})`;

/** A written bill, as bills' `billWritten` hook gives it. */
export interface WrittenBill {
  consumeId: number;
  memberId: number;
  storeId: number;
  at: Date;
  paidOther: number;
}

/**
 * 消费积分 of a bill, in one statement (no round trip is added to a bill that earns nothing
 * beyond this one): the member's totals grow and the ledger row carries the balance after it.
 */
export const earnOnBill = async (tx: Tx, b: WrittenBill): Promise<void> => {
  if (b.paidOther <= 0) return;
  await tx.execute(sql`
    with pts as (
      select (floor(${b.paidOther}::bigint * ${rateSql} / 100))::int as n
      where not exists (select 1 from points_ledger where ref_type = ${POINTS_REFS.earn} and ref_id = ${b.consumeId}
        and member_id = ${b.memberId})
    ),
    p as (
      insert into member_points as mp (member_id, balance, earned)
      select ${b.memberId}, pts.n, pts.n from pts where pts.n > 0
      on conflict (member_id) do update set balance = mp.balance + excluded.balance,
        earned = mp.earned + excluded.earned, updated_at = now()
      returning mp.balance
    )
    insert into points_ledger (member_id, kind, points, balance_after, ref_type, ref_id, store_id, at)
    select ${b.memberId}, 'earn', pts.n, p.balance, ${POINTS_REFS.earn}, ${b.consumeId}, ${b.storeId}, ${b.at.toISOString()}::timestamptz
    from p, pts`);
};

export interface Debit {
  memberId: number;
  kind: Exclude<PointsLedgerKind, 'earn' | 'reward'>;
  /** Points to take (> 0). */
  points: number;
  refId: number;
  storeId: number | null;
  remark?: string | null;
  userId: number | null;
  at: Date;
  /** Take what the member has when it is less (a refund, an expiry); else refuse with POINTS_SHORT. */
  partial: boolean;
}

/** Locks the member's points row (made at 0 if none) and answers the balance. */
const lockPoints = async (tx: Tx, memberId: number): Promise<number> => {
  const [row] = await tx
    .insert(memberPoints)
    .values({ memberId })
    .onConflictDoUpdate({ target: memberPoints.memberId, set: { memberId: sql`excluded.member_id` } })
    .returning({ balance: memberPoints.balance });
  return row!.balance;
};

/**
 * Takes points from a member under the lock of their row: answers what was taken (0 when nothing
 * was) and the balance after; the same record again takes nothing more.
 */
export const debitPoints = async (tx: Tx, d: Debit): Promise<{ taken: number; balance: number }> => {
  const balance = await lockPoints(tx, d.memberId);
  const [done] = await tx
    .select({ points: pointsLedger.points })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.refType, POINTS_REFS[d.kind]),
        eq(pointsLedger.refId, d.refId),
        eq(pointsLedger.memberId, d.memberId),
      ),
    );
  if (done) return { taken: -done.points, balance };
  if (!d.partial && d.points > balance) {
    throw new BizError(ERR.POINTS_SHORT, `会员积分不足：需要 ${d.points} 积分，当前可用 ${balance} 积分`);
  }
  const taken = Math.min(d.points, balance);
  if (taken <= 0) return { taken: 0, balance };
  const after = balance - taken;
  await tx.insert(pointsLedger).values({
    memberId: d.memberId,
    kind: d.kind,
    points: -taken,
    balanceAfter: after,
    refType: POINTS_REFS[d.kind],
    refId: d.refId,
    storeId: d.storeId,
    remark: d.remark ?? null,
    createdBy: d.userId,
    at: d.at,
  });
  await tx
    .update(memberPoints)
    .set(
      d.kind === 'expire'
        ? { balance: after, expired: sql`${memberPoints.expired} + ${taken}`, updatedAt: d.at }
        : { balance: after, spent: sql`${memberPoints.spent} + ${taken}`, updatedAt: d.at },
    )
    .where(eq(memberPoints.memberId, d.memberId));
  return { taken, balance: after };
};

/**
 * 推广奖励: points given to a referrer for a referral (promotion/service.ts), in the caller's
 * transaction under the lock of the member's points row; the same referral again gives nothing.
 */
export const creditReward = async (
  tx: Tx,
  c: { memberId: number; points: number; referralId: number; storeId: number | null; remark: string; at: Date },
): Promise<void> => {
  if (c.points <= 0) return;
  const balance = await lockPoints(tx, c.memberId);
  const [done] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.refType, POINTS_REFS.reward),
        eq(pointsLedger.refId, c.referralId),
        eq(pointsLedger.memberId, c.memberId),
      ),
    );
  if (done) return;
  const after = balance + c.points;
  await tx.insert(pointsLedger).values({
    memberId: c.memberId,
    kind: 'reward',
    points: c.points,
    balanceAfter: after,
    refType: POINTS_REFS.reward,
    refId: c.referralId,
    storeId: c.storeId,
    remark: c.remark,
    createdBy: null,
    at: c.at,
  });
  await tx
    .update(memberPoints)
    .set({ balance: after, earned: sql`${memberPoints.earned} + ${c.points}`, updatedAt: c.at })
    .where(eq(memberPoints.memberId, c.memberId));
};

/** An executed refund, as refunds' `refundExecuted` hook gives it. */
export interface ExecutedRefund {
  refundId: number;
  consumeId: number;
  userId: number | null;
  at: Date;
}

/**
 * 退款扣回: the bill's points × (money its executed refunds returned outside the cards ÷ what it
 * was paid other than by card), less what earlier refunds took back; at most the member's balance.
 */
export const takeBackOnRefund = async (tx: Tx, r: ExecutedRefund): Promise<void> => {
  const [x] = rowsOf<{
    memberId: number;
    storeId: number;
    earned: number;
    paidOther: number;
    outside: number;
    taken: number;
  }>(
    await tx.execute(sql`
      select l.member_id as "memberId", c.store_id as "storeId", l.points as "earned", c.paid_other as "paidOther",
        (select coalesce(sum(f.outside), 0)::int from refund f where f.consume_id = c.id and f.status = 'executed') as "outside",
        (select coalesce(-sum(t.points), 0)::int from points_ledger t
          where t.ref_type = ${POINTS_REFS.refund} and t.member_id = l.member_id
            and t.ref_id in (select f.id from refund f where f.consume_id = c.id)) as "taken"
      from points_ledger l join member_consume c on c.id = l.ref_id
      where l.ref_type = ${POINTS_REFS.earn} and l.ref_id = ${r.consumeId}`),
  );
  if (!x || x.paidOther <= 0) return;
  const due = Math.floor((x.earned * Math.min(x.outside, x.paidOther)) / x.paidOther) - x.taken;
  if (due <= 0) return;
  const [f] = await tx.select({ refundNo: refund.refundNo }).from(refund).where(eq(refund.id, r.refundId));
  await debitPoints(tx, {
    memberId: x.memberId,
    kind: 'refund',
    points: due,
    refId: r.refundId,
    storeId: x.storeId,
    remark: `退款单 ${f?.refundNo ?? r.refundId} 扣回消费积分`,
    userId: r.userId,
    at: r.at,
    partial: true,
  });
};

/** Who acts: the console's user (or none, the system) within their data scope. */
export interface Actor {
  userId: number | null;
  scope: DataScope;
}

const memberInScope = async (db: Db | Tx, by: Pick<Actor, 'scope'>, memberId: number) => {
  const [m] = await db
    .select({ id: member.id, storeId: member.storeId })
    .from(member)
    .where(and(eq(member.id, memberId), storeScopeFilter(by.scope, member.storeId)));
  if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '会员不存在或不在您的数据范围内');
  return m;
};

/** The member's points now. */
export const memberPointsOf = async (db: Db, auth: Auth, memberId: number) => {
  await memberInScope(db, auth, memberId);
  const [p] = await db.select().from(memberPoints).where(eq(memberPoints.memberId, memberId));
  return { memberId, balance: p?.balance ?? 0, earned: p?.earned ?? 0, spent: p?.spent ?? 0, expired: p?.expired ?? 0 };
};

const replayOf = async (db: Db | Tx, requestKey: string): Promise<PointsExchangeDone | null> => {
  const [e] = await db
    .select({
      id: pointsExchange.id,
      exchangeNo: pointsExchange.exchangeNo,
      points: pointsExchange.points,
      memberId: pointsExchange.memberId,
    })
    .from(pointsExchange)
    .where(eq(pointsExchange.requestKey, requestKey));
  if (!e) return null;
  const [p] = await db
    .select({ balance: memberPoints.balance })
    .from(memberPoints)
    .where(eq(memberPoints.memberId, e.memberId));
  return { id: e.id, exchangeNo: e.exchangeNo, points: e.points, balance: p?.balance ?? 0, replayed: true };
};

/** In the caller's transaction (the console's 兑换, the demo seed). */
export const exchangeIn = async (
  tx: Tx,
  by: Actor,
  body: PointsExchangeBody,
  at = new Date(),
): Promise<PointsExchangeDone> => {
  const m = await memberInScope(tx, by, body.memberId);
  if (body.requestKey) {
    const first = await replayOf(tx, body.requestKey);
    if (first) return first;
  }
  const points = body.quantity * body.unitPoints;
  const [e] = await tx
    .insert(pointsExchange)
    .values({
      memberId: m.id,
      storeId: m.storeId,
      itemName: body.itemName,
      quantity: body.quantity,
      unitPoints: body.unitPoints,
      points,
      remark: body.remark || null,
      requestKey: body.requestKey ?? null,
      createdBy: by.userId,
      createdAt: at,
    })
    .returning({ id: pointsExchange.id, exchangeNo: pointsExchange.exchangeNo });
  const done = await debitPoints(tx, {
    memberId: m.id,
    kind: 'exchange',
    points,
    refId: e!.id,
    storeId: m.storeId,
    remark: `兑换 ${body.itemName} × ${body.quantity}`,
    userId: by.userId,
    at,
    partial: false,
  });
  await recordOperation(tx, {
    userId: by.userId,
    action: 'pointsExchange.exchange',
    target: `points_exchange:${e!.id}`,
    after: { memberId: m.id, itemName: body.itemName, quantity: body.quantity, points, remark: body.remark ?? null },
  });
  return { id: e!.id, exchangeNo: e!.exchangeNo, points, balance: done.balance, replayed: false };
};

/** 兑换 (POST /rest/memberAccount/exchange): refused whole, changing nothing, when the points fall short. */
export const exchangePoints = async (db: Db, auth: Auth, body: PointsExchangeBody): Promise<PointsExchangeDone> => {
  try {
    return await db.transaction((tx) => exchangeIn(tx, { userId: auth.user.id, scope: auth.scope }, body));
  } catch (err) {
    // The same key sent twice at once: the second answers the first.
    if (uniqueViolation(err) !== 'points_exchange_request_uq' || !body.requestKey) throw err;
    const first = await replayOf(db, body.requestKey);
    if (!first) throw err;
    return first;
  }
};

/** The Beijing day of an instant as YYYYMMDD (an expiry run's reference). */
const dayNumber = (at: Date): number => {
  const d = new Date(at.getTime() + 8 * 3600_000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/**
 * 积分过期 (the daily job): for each member, the points earned before the first instant of the
 * Beijing day (today − pointsExpiryMonths) less every point debited so far (first earned, first
 * used) expire, one row per member and day, each member in a transaction of their own.
 */
export const expirePoints = async (db: Db, now: Date): Promise<{ members: number; points: number }> => {
  const months = await readSetting(db, 'pointsExpiryMonths');
  const cutoff = sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai') - make_interval(months => ${months}::int)) at time zone 'Asia/Shanghai')`;
  const due = (memberId?: number) => sql`
    select member_id as "memberId",
      (coalesce(sum(points) filter (where points > 0 and at < ${cutoff}), 0)
        + coalesce(sum(points) filter (where points < 0), 0))::int as "due"
    from points_ledger ${memberId === undefined ? sql`` : sql`where member_id = ${memberId}`}
    group by member_id`;
  const candidates = rowsOf<{ memberId: number; due: number }>(
    await db.execute(sql`select * from (${due()}) d where d.due > 0 order by d."memberId"`),
  );
  const refId = dayNumber(now);
  let members = 0;
  let points = 0;
  for (const c of candidates) {
    const taken = await db.transaction(async (tx) => {
      await lockPoints(tx, c.memberId);
      // Again under the lock: an exchange may have used some meanwhile.
      const [x] = rowsOf<{ due: number }>(await tx.execute(due(c.memberId)));
      if (!x || x.due <= 0) return 0;
      const [m] = await tx.select({ storeId: member.storeId }).from(member).where(eq(member.id, c.memberId));
      const r = await debitPoints(tx, {
        memberId: c.memberId,
        kind: 'expire',
        points: x.due,
        refId,
        storeId: m?.storeId ?? null,
        remark: `${months} 个月前获得的积分过期`,
        userId: null,
        at: now,
        partial: true,
      });
      return r.taken;
    });
    if (taken > 0) {
      members++;
      points += taken;
    }
  }
  return { members, points };
};
