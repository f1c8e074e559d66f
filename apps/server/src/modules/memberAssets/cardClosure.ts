/**
 * 补卡 and 注销 (/supplementOrCancellation; contract api/memberAssets.ts): applications in the
 * approval center, executed in the decision's transaction.
 *
 * - 补卡: the card (正常 or 冻结, holding value) and a new card number (卡面号, unique: no card's number,
 *   no other 补卡's) with a reason. Approved: a new member_card of the same member, product, store and
 *   expiry, 正常 (`openSuccessorCard`, paid 0, predecessor_id = the old card, the session rows held), 补卡转出 ('transferOut') bringing the old
 *   card's 本金, 赠金 and sessions to 0 under (`card_reissue_out`, application id) and 补卡转入
 *   ('transferIn') putting exactly that on the new card under (`card_reissue_in`, id), the old card
 *   已补卡 ('closed').
 * - 注销: the card, a rule (退还本金 with the 分 paid back, at most the 本金 left — 赠金 and sessions are
 *   forfeited — or 全部作废) and a reason. Approved: 注销 ('cancel') rows bringing the card to 0 under
 *   (`card_cancel`, id), the card 已注销 ('cancelled'), the refund kept on the application with who
 *   approved it and when.
 *
 * One application (调整, 补卡 or 注销) of a card waits at a time; a card 已补卡 or 已注销 takes none. A
 * card that can no longer take the approved application (closed meanwhile, 本金 now below the
 * refund) refuses the approval and nothing changes; a rejection writes nothing but the state.
 */
import type {
  CardClosureDto,
  CardClosureKind,
  ClosableCardDto,
  cardCancelBody,
  cardReissueBody,
} from '@zb/contract/api/memberAssets';
import type { MemberCardStatus } from '@zb/contract/entities/member';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { pgErrorOf } from '../../platform/resource/write';
import { storeScopeFilter } from '../../platform/scope';
import { approval } from '../approvals/schema';
import { openApproval, registerApprovalKind } from '../approvals/service';
import { card } from '../goods/schema';
import { type CardEntry, openSuccessorCard, writeLedgerEntries } from '../members/ledger';
import { member, memberCard, memberCardSession } from '../members/schema';
import { setMemberCardStatus } from '../members/service';
import { store } from '../stores/schema';
import { cardClosure, cardHandling } from './schema';
import { type Actor, assertCardOpen, assertNothingPending } from './service';

/** The ledger's references of an application's rows. */
export const CLOSURE_REFS = { out: 'card_reissue_out', in: 'card_reissue_in', cancel: 'card_cancel' } as const;

const stateError = (msg: string) => new BizError(ERR.CARD_HANDLING_STATE, msg);

/** The card in the caller's scope, locked (the application's or the decision's transaction). */
const lockedCard = async (tx: Tx, where: SQL | undefined) => {
  const [c] = await tx
    .select({
      id: memberCard.id,
      cardNo: memberCard.cardNo,
      memberId: memberCard.memberId,
      kind: memberCard.kind,
      status: memberCard.status,
      storeId: memberCard.storeId,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
      sessionsLeft: memberCard.sessionsLeft,
    })
    .from(memberCard)
    .where(where)
    .for('update');
  if (!c) throw new BizError(ERR.RECORD_NOT_FOUND, '会员卡不存在或不在您的数据范围内');
  return { ...c, status: c.status as MemberCardStatus };
};

/** What the card holds now: 本金, 赠金, and each project's sessions left. */
const holdingsOf = async (tx: Tx, c: Awaited<ReturnType<typeof lockedCard>>) => {
  const sessions =
    c.kind === 'combo'
      ? await tx
          .select({ projectId: memberCardSession.projectId, remaining: memberCardSession.remaining })
          .from(memberCardSession)
          .where(eq(memberCardSession.memberCardId, c.id))
          .orderBy(asc(memberCardSession.projectId))
      : [];
  return {
    amount: c.balance ?? 0,
    bonus: c.bonusBalance ?? 0,
    sessions: sessions.reduce((n, s) => n + s.remaining, 0),
    /** The entries that take it all off the card (negative), one per figure held. */
    out: (memberCardId: number): CardEntry[] =>
      c.kind === 'stored'
        ? (c.balance ?? 0) || (c.bonusBalance ?? 0)
          ? [{ memberCardId, amount: -(c.balance ?? 0), bonus: -(c.bonusBalance ?? 0) }]
          : []
        : sessions
            .filter((s) => s.remaining > 0)
            .map((s) => ({ memberCardId, projectId: s.projectId, sessions: -s.remaining })),
  };
};

const holdingText = (h: { amount: number; bonus: number; sessions: number }, kind: string) =>
  kind === 'stored' ? `本金 ${formatYuan(h.amount)} 元、赠金 ${formatYuan(h.bonus)} 元` : `剩余 ${h.sessions} 次`;

const dtoOf = async (tx: Tx, id: number): Promise<CardClosureDto> => {
  const [r] = await tx
    .select({
      id: cardClosure.id,
      kind: cardClosure.kind,
      status: cardClosure.status,
      cardNo: memberCard.cardNo,
      newCardNo: cardClosure.newCardNo,
      spNo: approval.spNo,
    })
    .from(cardClosure)
    .innerJoin(memberCard, eq(memberCard.id, cardClosure.memberCardId))
    .leftJoin(approval, eq(approval.id, cardClosure.approvalId))
    .where(eq(cardClosure.id, id));
  return { ...r!, kind: r!.kind as CardClosureKind, status: r!.status as CardClosureDto['status'] };
};

/** The checks both applications make: the card in scope, still open, nothing pending. */
const openCardOf = async (tx: Tx, auth: Actor, memberCardId: number) => {
  const c = await lockedCard(
    tx,
    and(eq(memberCard.id, memberCardId), storeScopeFilter(auth.scope, memberCard.storeId)),
  );
  assertCardOpen(c);
  await assertNothingPending(tx, c);
  return c;
};

/** Records the application, opens it in the approval center, logs it. */
const submit = async (
  tx: Tx,
  auth: Actor,
  c: Awaited<ReturnType<typeof lockedCard>>,
  values: {
    kind: CardClosureKind;
    reason: string;
    newCardNo?: string;
    rule?: 'refund' | 'forfeit';
    refundAmount?: number;
    text: string;
  },
): Promise<CardClosureDto> => {
  const held = await holdingsOf(tx, c);
  const { id: approvalId, spNo } = await openApproval(tx, {
    type: values.kind === 'reissue' ? 'cardReissue' : 'cardCancel',
    applicantId: auth.user.id,
    storeId: c.storeId,
    reason: `会员卡 ${c.cardNo}（${holdingText(held, c.kind)}）${values.text}；原因：${values.reason}`,
  });
  let id: number;
  try {
    const [row] = await tx
      .insert(cardClosure)
      .values({
        kind: values.kind,
        memberCardId: c.id,
        storeId: c.storeId,
        memberId: c.memberId,
        reason: values.reason,
        newCardNo: values.newCardNo ?? null,
        rule: values.rule ?? null,
        refundAmount: values.refundAmount ?? 0,
        amount: held.amount,
        bonus: held.bonus,
        sessions: held.sessions,
        approvalId,
        createdBy: auth.user.id,
      })
      .returning({ id: cardClosure.id });
    id = row!.id;
  } catch (err) {
    // Another application took the number (or the card) at the same moment.
    const pg = pgErrorOf(err);
    if (pg?.code === '23505' && (pg.constraint ?? pg.constraint_name) === 'card_closure_new_no_uq') {
      throw new BizError(ERR.CARD_NO_TAKEN, `新卡号 ${values.newCardNo} 已被使用`);
    }
    if (pg?.code === '23505') throw stateError(`会员卡（${c.cardNo}）已有待审批的申请，请等审批完成`);
    throw err;
  }
  await recordOperation(tx, {
    userId: auth.user.id,
    action: values.kind === 'reissue' ? 'memberCard.reissueApply' : 'memberCard.cancelApply',
    target: `member_card:${c.id}`,
    after: { cardNo: c.cardNo, what: values.text, reason: values.reason, spNo, application: id },
  });
  return dtoOf(tx, id);
};

/** 补卡 applied: the card open, nothing pending, the new number free. */
export const applyReissueIn = async (
  tx: Tx,
  auth: Actor,
  body: z.output<typeof cardReissueBody>,
): Promise<CardClosureDto> => {
  const c = await openCardOf(tx, auth, body.memberCardId);
  assertHoldsValue(c);
  const no = body.newCardNo;
  const [card_] = await tx.select({ id: memberCard.id }).from(memberCard).where(eq(memberCard.cardNo, no));
  const [other] = await tx
    .select({ id: cardClosure.id })
    .from(cardClosure)
    .where(and(eq(cardClosure.newCardNo, no), sql`${cardClosure.status} <> 'rejected'`));
  if (card_ || other) throw new BizError(ERR.CARD_NO_TAKEN, `新卡号 ${no} 已被使用，请换一个卡号`);
  return submit(tx, auth, c, { kind: 'reissue', reason: body.reason, newCardNo: no, text: `补卡到新卡号 ${no}` });
};

/** 注销 applied: the card open, nothing pending, a refund of at most the 本金 left. */
export const applyCancelIn = async (
  tx: Tx,
  auth: Actor,
  body: z.output<typeof cardCancelBody>,
): Promise<CardClosureDto> => {
  const c = await openCardOf(tx, auth, body.memberCardId);
  const refund = body.rule === 'refund' ? body.refundAmount : 0;
  assertRefundable(c, refund);
  return submit(tx, auth, c, {
    kind: 'cancel',
    reason: body.reason,
    rule: body.rule,
    refundAmount: refund,
    text: refund > 0 ? `注销，退还本金 ${formatYuan(refund)} 元，其余作废` : '注销，余额全部作废',
  });
};

/** A 补卡 moves value: a card holding nothing is 注销'd instead. */
const assertHoldsValue = (c: {
  cardNo: string;
  balance: number | null;
  bonusBalance: number | null;
  sessionsLeft: number;
}) => {
  if (!(c.balance ?? 0) && !(c.bonusBalance ?? 0) && !c.sessionsLeft) {
    throw stateError(`会员卡（${c.cardNo}）已没有余额和次数，无需补卡，可以申请注销`);
  }
};

const assertRefundable = (c: { cardNo: string; kind: string; balance: number | null }, refund: number) => {
  if (refund <= 0) return;
  if (c.kind !== 'stored') {
    throw new BizError(ERR.CARD_REFUND_OVER, `套餐卡（${c.cardNo}）没有本金可退，只能全部作废`);
  }
  if (refund > (c.balance ?? 0)) {
    throw new BizError(
      ERR.CARD_REFUND_OVER,
      `退款金额 ${formatYuan(refund)} 元超过会员卡（${c.cardNo}）剩余本金 ${formatYuan(c.balance ?? 0)} 元`,
    );
  }
};

export const applyReissue = (db: Db, auth: Actor, body: z.output<typeof cardReissueBody>) =>
  db.transaction((tx) => applyReissueIn(tx, auth, body));

export const applyCancel = (db: Db, auth: Actor, body: z.output<typeof cardCancelBody>) =>
  db.transaction((tx) => applyCancelIn(tx, auth, body));

type ClosureRow = typeof cardClosure.$inferSelect;

/** Carries out an approved application in the decision's transaction (a refusal undoes the decision). */
const execute = async (tx: Tx, h: ClosureRow, deciderId: number, now: Date) => {
  const c = await lockedCard(tx, eq(memberCard.id, h.memberCardId));
  assertCardOpen(c);
  const held = await holdingsOf(tx, c);
  const ledger = { storeId: c.storeId, at: now, userId: deciderId, reason: h.reason };
  let newMemberCardId: number | null = null;
  if (h.kind === 'reissue') {
    assertHoldsValue(c);
    const next = await openSuccessorCard(tx, c.id, c.storeId, now, deciderId, true, h.newCardNo);
    newMemberCardId = next.id;
    const out = held.out(c.id);
    await writeLedgerEntries(tx, 'transferOut', { ...ledger, refType: CLOSURE_REFS.out, refId: h.id, entries: out });
    await writeLedgerEntries(tx, 'transferIn', {
      ...ledger,
      refType: CLOSURE_REFS.in,
      refId: h.id,
      entries: out.map((e) => ({
        memberCardId: next.id,
        ...(e.projectId
          ? { projectId: e.projectId, sessions: -e.sessions! }
          : { amount: -e.amount!, bonus: -e.bonus! }),
      })),
    });
    await setMemberCardStatus(tx, c.id, 'closed');
  } else {
    assertRefundable(c, h.refundAmount);
    await writeLedgerEntries(tx, 'cancel', {
      ...ledger,
      refType: CLOSURE_REFS.cancel,
      refId: h.id,
      entries: held.out(c.id),
    });
    await setMemberCardStatus(tx, c.id, 'cancelled');
  }
  await tx
    .update(cardClosure)
    .set({
      status: 'executed',
      newMemberCardId,
      amount: held.amount,
      bonus: held.bonus,
      sessions: held.sessions,
      decidedBy: deciderId,
      decidedAt: now,
    })
    .where(eq(cardClosure.id, h.id));
  await recordOperation(tx, {
    userId: deciderId,
    action: h.kind === 'reissue' ? 'memberCard.reissue' : 'memberCard.cancelCard',
    target: `member_card:${c.id}`,
    before: { status: c.status, amount: held.amount, bonus: held.bonus, sessions: held.sessions },
    after: {
      status: h.kind === 'reissue' ? 'closed' : 'cancelled',
      application: h.id,
      ...(newMemberCardId ? { newMemberCardId, newCardNo: h.newCardNo } : { refundAmount: h.refundAmount }),
    },
  });
};

for (const type of ['cardReissue', 'cardCancel'] as const) {
  registerApprovalKind({
    type,
    decided: async (tx, d) => {
      const [h] = await tx
        .select()
        .from(cardClosure)
        .where(and(eq(cardClosure.approvalId, d.approvalId), eq(cardClosure.status, 'pending')))
        .for('update');
      if (!h) return;
      const now = new Date();
      if (d.decision === 'approve') return execute(tx, h, d.deciderId, now);
      await tx
        .update(cardClosure)
        .set({ status: 'rejected', decidedBy: d.deciderId, decidedAt: now })
        .where(eq(cardClosure.id, h.id));
    },
    link: async (db, approvalId) => {
      const [h] = await db
        .select({ cardNo: memberCard.cardNo })
        .from(cardClosure)
        .innerJoin(memberCard, eq(memberCard.id, cardClosure.memberCardId))
        .where(eq(cardClosure.approvalId, approvalId));
      return h ? `/supplementOrCancellation?cardNo=${h.cardNo}` : null;
    },
  });
}

/** The card ledger's 单据 of an application's rows: 补卡 or 注销 and its approval number. */
export const closureLedgerNames = Object.values(CLOSURE_REFS).map((refType) => ({
  refType,
  name: (refId: SQL) =>
    sql<string>`select case x.kind when 'reissue' then '补卡 ' else '注销 ' end || coalesce(a.sp_no, x.id::text)
      from ${cardClosure} x left join ${approval} a on a.id = x.approval_id where x.id = ${refId}`,
}));

/** Cards a 补卡 or 注销 may take, by card number or the member's phone, in the caller's scope. */
export const closableCards = async (
  db: Db,
  auth: Pick<Actor, 'scope'>,
  keyword: string,
): Promise<ClosableCardDto[]> => {
  const k = keyword.trim();
  const rows = await db
    .select({
      memberCardId: memberCard.id,
      cardNo: memberCard.cardNo,
      memberName: member.name,
      phone: member.phone,
      cardName: card.name,
      kind: memberCard.kind,
      status: memberCard.status,
      storeName: store.name,
      expiresAt: memberCard.expiresAt,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
      sessionsLeft: memberCard.sessionsLeft,
      pending: sql<boolean>`exists (select 1 from ${cardClosure} x where x.member_card_id = ${memberCard.id} and x.status = 'pending')
        or exists (select 1 from ${cardHandling} h where h.member_card_id = ${memberCard.id} and h.status = 'pending')`,
    })
    .from(memberCard)
    .innerJoin(member, eq(member.id, memberCard.memberId))
    .innerJoin(card, eq(card.id, memberCard.cardId))
    .innerJoin(store, eq(store.id, memberCard.storeId))
    .where(
      and(
        or(eq(memberCard.cardNo, k.toUpperCase()), eq(member.phone, k)),
        inArray(memberCard.status, ['active', 'frozen']),
        storeScopeFilter(auth.scope, memberCard.storeId),
      ),
    )
    .orderBy(asc(memberCard.id))
    .limit(50);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as ClosableCardDto['kind'],
    status: r.status as MemberCardStatus,
    expiresAt: formatDateTime(r.expiresAt),
    pending: Boolean(r.pending),
  }));
};
