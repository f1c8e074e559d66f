/**
 * 闭店迁移 (contract entities/memberMove.ts, api/memberMoves.ts; docs/domain.md "闭店迁移").
 *
 * startClosure writes the closure and one member_move row per member (pending) in one
 * transaction; runClosure then moves them one transaction each (moveMember): the cards of the
 * closing store holding value are locked, each emptied by 迁出 ledger rows at the closing store
 * and its value put by 迁入 rows on a successor card of the same product at the receiving store
 * (opened with nothing: the ledger's rows are its only value), the member's home store follows
 * when it was the closing store, and the member's row says what moved. A member whose move
 * fails (a receiving store closed meanwhile, a card product not usable there) is marked failed
 * with the reason, nothing of theirs changed; retryClosure moves them again. When no member is
 * left pending or failed, the store is marked 闭店. Moving a row twice is impossible: the row is
 * locked and moved only while pending, and the ledger's (ref_type, ref_id) key refuses a second
 * record of the same move.
 */
import type {
  ClosePreviewDto,
  ClosureDto,
  ClosureMemberDto,
  MoveStoreDto,
  PreviewMemberDto,
  StartClosureBody,
} from '@zb/contract/api/memberMoves';
import type { Page } from '@zb/contract/api/paging';
import type { ClosureStatus, MoveStatus } from '@zb/contract/entities/memberMove';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { type CardEntry, openSuccessorCard, writeLedgerEntries } from '../members/ledger';
import { member, memberCard, memberCardSession } from '../members/schema';
import { setHomeStore } from '../members/service';
import { store } from '../stores/schema';
import { markStoreClosed } from '../stores/service';
import { memberMove, memberMoveCard, memberSwitch, storeClosure } from './schema';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const storeLabel = sql<string>`${store.name} || '（' || ${store.code} || '）'`;

/** The stores of the caller's scope with their status. */
export const moveStores = (db: Db, scope: DataScope): Promise<MoveStoreDto[]> =>
  db
    .select({ id: store.id, name: storeLabel, status: store.status })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.id));

const notFound = (what = '门店不存在或不在您的数据范围内') => new BizError(ERR.RECORD_NOT_FOUND, what);

/** A store of the caller's scope, or RECORD_NOT_FOUND. */
const scopedStore = async (db: Db | Tx, scope: DataScope, id: number, lock = false) => {
  const q = db
    .select({ id: store.id, name: storeLabel, status: store.status, levelId: store.levelId })
    .from(store)
    .where(and(eq(store.id, id), storeTableScope(scope)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
};

/** A card holds value: principal, bonus or sessions above 0. */
const HOLDS = sql`(coalesce(${memberCard.balance}, 0) > 0 or coalesce(${memberCard.bonusBalance}, 0) > 0 or ${memberCard.sessionsLeft} > 0)`;

/** The members a closure of `storeId` moves: its home members and the holders of value on its cards. */
const closingMembers = (storeId: number): SQL =>
  sql`select ${member.id} from ${member} where ${member.storeId} = ${storeId}
    union select ${memberCard.memberId} from ${memberCard} where ${memberCard.storeId} = ${storeId} and ${HOLDS}`;

/** The members of a store and the cards of it that would move, with the sums that would move. */
export const closePreview = async (db: Db, scope: DataScope, storeId: number): Promise<ClosePreviewDto> => {
  const s = await scopedStore(db, scope, storeId);
  const home = alias(store, 'home');
  const members = await db
    .select({
      memberId: member.id,
      code: member.code,
      name: member.name,
      phone: member.phone,
      homeStoreId: member.storeId,
      homeStoreName: home.name,
    })
    .from(member)
    .innerJoin(home, eq(home.id, member.storeId))
    .where(sql`${member.id} in (${closingMembers(storeId)})`)
    .orderBy(asc(member.id));
  const cards = await db
    .select({
      memberId: memberCard.memberId,
      memberCardId: memberCard.id,
      cardNo: memberCard.cardNo,
      cardName: card.name,
      kind: memberCard.kind,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
      sessionsLeft: memberCard.sessionsLeft,
    })
    .from(memberCard)
    .innerJoin(card, eq(card.id, memberCard.cardId))
    .where(and(eq(memberCard.storeId, storeId), HOLDS))
    .orderBy(asc(memberCard.id));
  const byMember = new Map<number, PreviewMemberDto>();
  for (const m of members) byMember.set(m.memberId, { ...m, cards: [] });
  let amount = 0;
  let bonus = 0;
  let sessions = 0;
  for (const { memberId, ...c } of cards) {
    byMember.get(memberId)?.cards.push({ ...c, kind: c.kind as 'combo' | 'stored' });
    amount += c.balance ?? 0;
    bonus += c.bonusBalance ?? 0;
    sessions += c.sessionsLeft;
  }
  return {
    store: { id: s.id, name: s.name, status: s.status },
    members: [...byMember.values()],
    amount,
    bonus,
    sessions,
  };
};

const refuseClosedStore = (status: string) => {
  if (status === 'closed') throw new BizError(ERR.MOVE_STORE_CLOSED, '该门店已闭店，不能再次闭店迁移');
};

/** A receiving store: of the caller's scope, not closed, not the closing store. */
const receivingStore = async (tx: Tx, scope: DataScope, id: number, closingId: number) => {
  if (id === closingId) throw new BizError(ERR.MOVE_INVALID, '接收门店不能是闭店门店本身');
  const [row] = await tx
    .select({ id: store.id, status: store.status, name: storeLabel })
    .from(store)
    .where(and(eq(store.id, id), storeTableScope(scope)));
  if (!row) throw new BizError(ERR.MOVE_INVALID, '接收门店不存在或不在您的数据范围内');
  if (row.status === 'closed') throw new BizError(ERR.MOVE_INVALID, `接收门店${row.name}已闭店`);
  return row;
};

export interface Caller {
  userId: number;
  scope: DataScope;
}

/**
 * Starts a closure of a store of the caller's scope: refused (nothing written) when the store is
 * closed or a closure of it is under way, or a receiving store is the store itself, closed or out
 * of scope. Answers the closure; `runClosure` moves its members.
 */
export const startClosure = (db: Db, caller: Caller, body: StartClosureBody) =>
  db.transaction(async (tx) => {
    // The store row locked: two closures of one store take turns, the second sees the first.
    const s = await scopedStore(tx, caller.scope, body.storeId, true);
    refuseClosedStore(s.status);
    const [open] = await tx
      .select({ no: storeClosure.closureNo })
      .from(storeClosure)
      .where(and(eq(storeClosure.storeId, s.id), sql`${storeClosure.status} <> 'done'`));
    if (open) throw new BizError(ERR.MOVE_STORE_CLOSED, `该门店正在闭店迁移（${open.no}），请在迁移详情中处理`);
    const to = await receivingStore(tx, caller.scope, body.toStoreId, s.id);
    const chosen = new Map<number, number>();
    for (const m of body.members ?? []) {
      await receivingStore(tx, caller.scope, m.toStoreId, s.id);
      chosen.set(m.memberId, m.toStoreId);
    }
    const members = await tx
      .select({ id: member.id, storeId: member.storeId })
      .from(member)
      .where(sql`${member.id} in (${closingMembers(s.id)})`)
      .orderBy(asc(member.id));
    const ids = new Set(members.map((m) => m.id));
    for (const id of chosen.keys()) {
      if (!ids.has(id)) throw new BizError(ERR.MOVE_INVALID, '所选会员不属于该门店，请刷新后重试');
    }
    const [closure] = await tx
      .insert(storeClosure)
      .values({
        storeId: s.id,
        toStoreId: to.id,
        reason: body.reason || null,
        createdBy: caller.userId,
        // The run this request starts holds it; a restart before the run ends leaves it to lapse (resumeLostClosures).
        lockedUntil: sql`now() + ${RUN_LEASE}::interval`,
      })
      .returning({ id: storeClosure.id, closureNo: storeClosure.closureNo });
    const c = closure!;
    for (let i = 0; i < members.length; i += 1000) {
      await tx.insert(memberMove).values(
        members.slice(i, i + 1000).map((m) => ({
          closureId: c.id,
          memberId: m.id,
          fromStoreId: s.id,
          toStoreId: chosen.get(m.id) ?? to.id,
          fromHomeStoreId: m.storeId,
          createdBy: caller.userId,
        })),
      );
    }
    await recordOperation(tx, {
      userId: caller.userId,
      action: 'storeClosure.create',
      target: `store_closure:${c.id}`,
      after: {
        closureNo: c.closureNo,
        store: s.name,
        toStore: to.name,
        reason: body.reason ?? null,
        members: members.length,
      },
    });
    return c;
  });

interface MoveRow {
  id: number;
  closureId: number;
  closureNo: string;
  memberId: number;
  fromStoreId: number;
  toStoreId: number;
  status: string;
  createdBy: number | null;
}

/** Why a move cannot go ahead (a receiving store closed, a card product not usable there): nothing of the member changes. */
class MoveRefused extends Error {}

/**
 * Moves one member of a closure in one transaction (the member_move row locked, moved only while
 * pending). Answers false when the row was not pending (moved already, or failed).
 */
const moveMember = (db: Db, moveId: number, userId: number | null, when?: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [mv] = (await tx
      .select({
        id: memberMove.id,
        closureId: memberMove.closureId,
        closureNo: storeClosure.closureNo,
        memberId: memberMove.memberId,
        fromStoreId: memberMove.fromStoreId,
        toStoreId: memberMove.toStoreId,
        status: memberMove.status,
        createdBy: memberMove.createdBy,
      })
      .from(memberMove)
      .innerJoin(storeClosure, eq(storeClosure.id, memberMove.closureId))
      .where(eq(memberMove.id, moveId))
      .for('update', { of: memberMove })) as MoveRow[];
    if (mv?.status !== 'pending') return false;
    const by = userId ?? mv.createdBy;
    const [to] = await tx
      .select({ status: store.status, name: storeLabel, levelId: store.levelId })
      .from(store)
      .where(eq(store.id, mv.toStoreId));
    if (!to || to.status === 'closed') throw new MoveRefused(`接收门店${to?.name ?? ''}已闭店，请改选接收门店后重试`);
    const [from] = await tx.select({ name: storeLabel }).from(store).where(eq(store.id, mv.fromStoreId));
    const [m] = await tx
      .select({ storeId: member.storeId, name: member.name, code: member.code })
      .from(member)
      .where(eq(member.id, mv.memberId))
      .for('update');
    // The member's cards of the closing store, locked before their balances are read.
    const cards = await tx
      .select({
        id: memberCard.id,
        cardNo: memberCard.cardNo,
        cardId: memberCard.cardId,
        cardName: card.name,
        kind: memberCard.kind,
        expiresAt: memberCard.expiresAt,
        status: memberCard.status,
        balance: memberCard.balance,
        bonusBalance: memberCard.bonusBalance,
        usable: sql<boolean>`(${card.usableScope} = 'all' or ${to.levelId ?? null}::int = any(${card.storeLevelIds}))`,
      })
      .from(memberCard)
      .innerJoin(card, eq(card.id, memberCard.cardId))
      .where(and(eq(memberCard.memberId, mv.memberId), eq(memberCard.storeId, mv.fromStoreId)))
      .orderBy(asc(memberCard.id))
      .for('update', { of: memberCard });
    const sessions = cards.length
      ? await tx
          .select()
          .from(memberCardSession)
          .where(
            inArray(
              memberCardSession.memberCardId,
              cards.map((c) => c.id),
            ),
          )
          .orderBy(asc(memberCardSession.memberCardId), asc(memberCardSession.projectId))
      : [];
    const at = when ?? new Date();
    const outs: CardEntry[] = [];
    const ins: CardEntry[] = [];
    const moved: {
      from: number;
      to: number;
      fromNo: string;
      toNo: string;
      amount: number;
      bonus: number;
      sessions: number;
    }[] = [];
    for (const c of cards) {
      const mine = sessions.filter((x) => x.memberCardId === c.id && x.remaining > 0);
      const amount = c.balance ?? 0;
      const bonus = c.bonusBalance ?? 0;
      if (amount <= 0 && bonus <= 0 && mine.length === 0) continue;
      if (!c.usable) throw new MoveRefused(`卡项「${c.cardName}」不适用于接收门店${to.name}（门店等级不在适用范围内）`);
      const n = await openSuccessorCard(tx, c.id, mv.toStoreId, at, by);
      if (c.kind === 'stored') {
        outs.push({ memberCardId: c.id, amount: -amount, bonus: -bonus });
        ins.push({ memberCardId: n.id, amount, bonus });
      } else {
        for (const x of mine) {
          outs.push({ memberCardId: c.id, projectId: x.projectId, sessions: -x.remaining });
          ins.push({ memberCardId: n.id, projectId: x.projectId, sessions: x.remaining });
        }
      }
      moved.push({
        from: c.id,
        to: n.id,
        fromNo: c.cardNo,
        toNo: n.cardNo,
        amount,
        bonus,
        sessions: mine.reduce((s, x) => s + x.remaining, 0),
      });
    }
    const reason = `闭店迁移 ${mv.closureNo}`;
    if (outs.length) {
      const common = { refId: mv.id, at, userId: by, reason };
      await writeLedgerEntries(tx, 'migrateOut', {
        ...common,
        refType: 'member_move_out',
        storeId: mv.fromStoreId,
        entries: outs,
      });
      await writeLedgerEntries(tx, 'migrateIn', {
        ...common,
        refType: 'member_move_in',
        storeId: mv.toStoreId,
        entries: ins,
      });
      await tx.insert(memberMoveCard).values(
        moved.map((x) => ({
          moveId: mv.id,
          fromCardId: x.from,
          toCardId: x.to,
          amount: x.amount,
          bonus: x.bonus,
          sessions: x.sessions,
          at,
        })),
      );
    }
    const homeMoves = m?.storeId === mv.fromStoreId;
    if (homeMoves) {
      await setHomeStore(tx, mv.memberId, mv.toStoreId, at);
      // The switch row the trigger wrote in this transaction: it came from this move.
      await tx
        .update(memberSwitch)
        .set({ source: 'closure', moveId: mv.id, createdBy: by })
        .where(
          and(
            eq(memberSwitch.memberId, mv.memberId),
            eq(memberSwitch.kind, 'store'),
            sql`${memberSwitch.moveId} is null and ${memberSwitch.at} = now()`,
          ),
        );
    }
    const sums = {
      cards: moved.length,
      amount: moved.reduce((s, x) => s + x.amount, 0),
      bonus: moved.reduce((s, x) => s + x.bonus, 0),
      sessions: moved.reduce((s, x) => s + x.sessions, 0),
    };
    await tx
      .update(memberMove)
      .set({ status: 'done', error: null, attempts: sql`${memberMove.attempts} + 1`, movedAt: at, ...sums })
      .where(eq(memberMove.id, mv.id));
    await recordOperation(tx, {
      userId: by,
      action: 'memberMove.update',
      target: `member_move:${mv.id}`,
      after: {
        closureNo: mv.closureNo,
        member: `${m?.name ?? ''}（${m?.code ?? ''}）`,
        fromStore: from?.name ?? null,
        toStore: to.name,
        homeStore: homeMoves ? to.name : null,
        ...sums,
        cards: moved.map((x) => ({ from: x.fromNo, to: x.toNo })),
      },
    });
    return true;
  });

/** Marks a member's move failed with its reason (its own transaction: the move's was rolled back). */
const failMove = (db: Db, moveId: number, error: string) =>
  db
    .update(memberMove)
    .set({ status: 'failed', error, attempts: sql`${memberMove.attempts} + 1` })
    .where(and(eq(memberMove.id, moveId), eq(memberMove.status, 'pending')));

const messageOf = (err: unknown): string => {
  if (err instanceof MoveRefused || err instanceof BizError) return err.message;
  return '迁移失败：系统错误，请稍后重试';
};

/** The closure's state from its members: done when none is left pending or failed (the store is then 闭店). */
const finishClosure = (db: Db, closureId: number, userId: number | null) =>
  db.transaction(async (tx) => {
    const [c] = await tx
      .select({
        id: storeClosure.id,
        storeId: storeClosure.storeId,
        status: storeClosure.status,
        no: storeClosure.closureNo,
      })
      .from(storeClosure)
      .where(eq(storeClosure.id, closureId))
      .for('update');
    if (!c) return;
    const counts = await tx
      .select({ status: memberMove.status, n: count() })
      .from(memberMove)
      .where(eq(memberMove.closureId, closureId))
      .groupBy(memberMove.status);
    const n = (s: MoveStatus) => counts.find((x) => x.status === s)?.n ?? 0;
    if (n('pending') > 0) return;
    const status: ClosureStatus = n('failed') > 0 ? 'partial' : 'done';
    if (status === c.status) return;
    await tx
      .update(storeClosure)
      .set({ status, lockedUntil: null, finishedAt: status === 'done' ? sql`now()` : null })
      .where(eq(storeClosure.id, closureId));
    if (status === 'done') await markStoreClosed(tx, c.storeId);
    await recordOperation(tx, {
      userId,
      action: 'storeClosure.update',
      target: `store_closure:${c.id}`,
      before: { status: c.status },
      after: { closureNo: c.no, status, moved: n('done'), failed: n('failed') },
    });
  });

/**
 * Moves every pending member of a closure, one transaction each, in id order, then settles the
 * closure's state. Safe to run twice at once: each row is moved by whoever locks it first.
 */
export const runClosure = async (
  db: Db,
  closureId: number,
  userId: number | null = null,
  /** The moves' time (the demo seed's clock); now by default. */
  at?: Date,
): Promise<void> => {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: memberMove.id })
      .from(memberMove)
      .where(
        and(eq(memberMove.closureId, closureId), eq(memberMove.status, 'pending'), sql`${memberMove.id} > ${after}`),
      )
      .orderBy(asc(memberMove.id))
      .limit(200);
    if (batch.length === 0) break;
    for (const { id } of batch) {
      after = id;
      try {
        await moveMember(db, id, userId, at);
      } catch (err) {
        await failMove(db, id, messageOf(err));
      }
    }
    await db
      .update(storeClosure)
      .set({ lockedUntil: sql`now() + ${RUN_LEASE}::interval` })
      .where(eq(storeClosure.id, closureId));
  }
  // Members who came to the store (or to value on its cards) since the closure began: moved too.
  if ((await addLateMembers(db, closureId)) > 0) return runClosure(db, closureId, userId, at);
  await finishClosure(db, closureId, userId);
};

/** Adds to a running closure the members of its store it does not list yet; answers how many. */
const addLateMembers = async (db: Db, closureId: number): Promise<number> => {
  const [c] = await db
    .select({ storeId: storeClosure.storeId, toStoreId: storeClosure.toStoreId, createdBy: storeClosure.createdBy })
    .from(storeClosure)
    .where(eq(storeClosure.id, closureId));
  if (!c) return 0;
  const added = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ${memberMove} (closure_id, member_id, from_store_id, to_store_id, from_home_store_id, created_by)
      select ${closureId}::int, m.id, ${c.storeId}::int, ${c.toStoreId}::int, m.store_id, ${c.createdBy}::int
      from ${member} m where m.id in (${closingMembers(c.storeId)})
        and not exists (select 1 from ${memberMove} x where x.closure_id = ${closureId} and x.member_id = m.id)
      order by m.id
      on conflict (closure_id, member_id) do nothing returning id`),
  );
  return added.length;
};

/** How long a run's hold on its closure lasts; renewed after every batch of members. */
export const RUN_LEASE = '2 minutes';

/**
 * Takes up the closures whose run stopped (a restart, a crash): still 迁移中 with the run's lease
 * lapsed. Each is claimed (a new lease, so two instances never take the same one) and run to its
 * end here; what was moved stays moved, the pending members are moved, the closure settles.
 * The scheduled job `resumeClosures` calls it.
 */
export const resumeLostClosures = async (db: Db): Promise<number[]> => {
  const taken = await db
    .update(storeClosure)
    .set({ lockedUntil: sql`now() + ${RUN_LEASE}::interval` })
    .where(
      and(
        eq(storeClosure.status, 'running'),
        or(isNull(storeClosure.lockedUntil), lt(storeClosure.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: storeClosure.id });
  for (const { id } of taken) await runClosure(db, id, null);
  return taken.map((t) => t.id);
};

/** The runs under way in this process (a test, or a second request, awaits the same run). */
const running = new Map<number, Promise<void>>();

/** Runs a closure in the background of this process; answers the run (one per closure at a time). */
export const startRun = (
  db: Db,
  closureId: number,
  userId: number | null,
  log?: { error(o: unknown, m: string): void },
): Promise<void> => {
  const now = running.get(closureId);
  if (now) return now;
  const run = runClosure(db, closureId, userId)
    .catch((err) => log?.error({ err, closureId }, 'closure run failed'))
    .finally(() => running.delete(closureId));
  running.set(closureId, run);
  return run;
};

/** The run of a closure under way in this process, if any (tests await it). */
export const closureRun = (closureId: number): Promise<void> => running.get(closureId) ?? Promise.resolve();

/** A closure of a store of the caller's scope, or RECORD_NOT_FOUND. */
const scopedClosure = async (db: Db | Tx, scope: DataScope, id: number) => {
  const [row] = await db
    .select({ id: storeClosure.id, storeId: storeClosure.storeId, status: storeClosure.status })
    .from(storeClosure)
    .innerJoin(store, eq(store.id, storeClosure.storeId))
    .where(and(eq(storeClosure.id, id), storeTableScope(scope)));
  if (!row) throw notFound('闭店迁移单不存在或不在您的数据范围内');
  return row;
};

/**
 * Moves again the failed members (all, or those named, each optionally to another receiving
 * store) and any left pending by a run that stopped. Answers how many were put back in the queue.
 */
export const retryClosure = async (
  db: Db,
  caller: Caller,
  body: { closureId: number; members?: { memberId: number; toStoreId?: number }[] },
): Promise<{ retried: number }> =>
  db.transaction(async (tx) => {
    const c = await scopedClosure(tx, caller.scope, body.closureId);
    if (c.status === 'done') throw new BizError(ERR.STATE_CHANGED, '该闭店迁移已完成，没有需要重试的会员');
    const named = body.members ?? [];
    for (const m of named) {
      if (m.toStoreId !== undefined) await receivingStore(tx, caller.scope, m.toStoreId, c.storeId);
    }
    let retried = 0;
    if (named.length) {
      for (const m of named) {
        const rows = await tx
          .update(memberMove)
          .set({ status: 'pending', ...(m.toStoreId !== undefined ? { toStoreId: m.toStoreId } : {}) })
          .where(
            and(eq(memberMove.closureId, c.id), eq(memberMove.memberId, m.memberId), eq(memberMove.status, 'failed')),
          )
          .returning({ id: memberMove.id });
        retried += rows.length;
      }
    } else {
      const rows = await tx
        .update(memberMove)
        .set({ status: 'pending' })
        .where(and(eq(memberMove.closureId, c.id), eq(memberMove.status, 'failed')))
        .returning({ id: memberMove.id });
      retried = rows.length;
    }
    const [pending] = await tx
      .select({ n: count() })
      .from(memberMove)
      .where(and(eq(memberMove.closureId, c.id), eq(memberMove.status, 'pending')));
    if ((pending?.n ?? 0) === 0) throw new BizError(ERR.STATE_CHANGED, '没有失败或待迁移的会员可以重试');
    await tx
      .update(storeClosure)
      .set({ status: 'running', lockedUntil: sql`now() + ${RUN_LEASE}::interval` })
      .where(eq(storeClosure.id, c.id));
    return { retried };
  });

/** The card ledger's 单据 of a move's rows (members/service.ts refNo): 闭店迁移 and the closure's number. */
export const moveLedgerNames = ['member_move_out', 'member_move_in'].map((refType) => ({
  refType,
  name: (refId: SQL) =>
    sql<string>`select '闭店迁移 ' || c.closure_no from ${memberMove} mv join ${storeClosure} c on c.id = mv.closure_id where mv.id = ${refId}`,
}));

// ── Reads ─────────────────────────────────────────────────────────────────────

const toStore = alias(store, 'to_store');

const closureColumns = {
  id: storeClosure.id,
  closureNo: storeClosure.closureNo,
  storeId: storeClosure.storeId,
  storeName: storeLabel,
  toStoreName: sql<string>`${toStore.name} || '（' || ${toStore.code} || '）'`,
  status: storeClosure.status,
  reason: storeClosure.reason,
  createdByName: userAccount.nickname,
  createdAt: storeClosure.createdAt,
  finishedAt: storeClosure.finishedAt,
};

const closureFigures = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return new Map<number, Omit<ClosureDto, keyof typeof closureColumns>>();
  const r = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select closure_id, count(*)::int as total,
      count(*) filter (where status = 'done')::int as moved, count(*) filter (where status = 'failed')::int as failed,
      coalesce(sum(amount), 0)::bigint as amount, coalesce(sum(bonus), 0)::bigint as bonus,
      coalesce(sum(sessions), 0)::bigint as sessions
      from member_move where closure_id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}) group by closure_id`),
  );
  return new Map(
    r.map((x) => [
      Number(x.closure_id),
      {
        total: Number(x.total),
        moved: Number(x.moved),
        failed: Number(x.failed),
        amount: Number(x.amount),
        bonus: Number(x.bonus),
        sessions: Number(x.sessions),
      },
    ]),
  );
};

const EMPTY_FIGURES = { total: 0, moved: 0, failed: 0, amount: 0, bonus: 0, sessions: 0 };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const closureQuery = (db: Db) =>
  db
    .select(closureColumns)
    .from(storeClosure)
    .innerJoin(store, eq(store.id, storeClosure.storeId))
    .innerJoin(toStore, eq(toStore.id, storeClosure.toStoreId))
    .leftJoin(userAccount, eq(userAccount.id, storeClosure.createdBy));

type ClosureRow = Awaited<ReturnType<ReturnType<typeof closureQuery>['execute']>>[number];

const closureDtos = async (db: Db, rows: ClosureRow[]): Promise<ClosureDto[]> => {
  const figures = await closureFigures(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    ...(figures.get(r.id) ?? EMPTY_FIGURES),
    status: r.status as ClosureStatus,
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
  }));
};

export const listClosures = async (
  db: Db,
  scope: DataScope,
  q: { pageNo: number; pageSize: number; storeId?: number; status?: ClosureStatus },
): Promise<Page<ClosureDto>> => {
  const where = and(
    storeTableScope(scope),
    q.storeId ? eq(storeClosure.storeId, q.storeId) : undefined,
    q.status ? eq(storeClosure.status, q.status) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(storeClosure)
    .innerJoin(store, eq(store.id, storeClosure.storeId))
    .where(where);
  const rows = await closureQuery(db)
    .where(where)
    .orderBy(desc(storeClosure.createdAt), desc(storeClosure.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list: await closureDtos(db, rows), total: total?.n ?? 0 };
};

export const closureDetail = async (db: Db, scope: DataScope, id: number): Promise<ClosureDto> => {
  await scopedClosure(db, scope, id);
  const rows = await closureQuery(db).where(eq(storeClosure.id, id));
  return (await closureDtos(db, rows))[0]!;
};

export const closureMembers = async (
  db: Db,
  scope: DataScope,
  q: { closureId: number; pageNo: number; pageSize: number; status?: MoveStatus },
): Promise<Page<ClosureMemberDto>> => {
  await scopedClosure(db, scope, q.closureId);
  const where = and(eq(memberMove.closureId, q.closureId), q.status ? eq(memberMove.status, q.status) : undefined);
  const [total] = await db.select({ n: count() }).from(memberMove).where(where);
  const home = alias(store, 'home');
  const rows = await db
    .select({
      moveId: memberMove.id,
      memberId: memberMove.memberId,
      memberCode: member.code,
      memberName: member.name,
      phone: member.phone,
      fromHomeStoreName: home.name,
      toStoreId: memberMove.toStoreId,
      toStoreName: sql<string>`${toStore.name} || '（' || ${toStore.code} || '）'`,
      status: memberMove.status,
      error: memberMove.error,
      attempts: memberMove.attempts,
      cards: memberMove.cards,
      amount: memberMove.amount,
      bonus: memberMove.bonus,
      sessions: memberMove.sessions,
      movedAt: memberMove.movedAt,
    })
    .from(memberMove)
    .innerJoin(member, eq(member.id, memberMove.memberId))
    .innerJoin(home, eq(home.id, memberMove.fromHomeStoreId))
    .innerJoin(toStore, eq(toStore.id, memberMove.toStoreId))
    .where(where)
    .orderBy(asc(memberMove.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({ ...r, status: r.status as MoveStatus, movedAt: iso(r.movedAt) })),
    total: total?.n ?? 0,
  };
};
