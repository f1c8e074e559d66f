/**
 * 异常卡的处理 (contract api/memberAssets.ts): 冻结 and 解冻 change the card's status at once; 调整
 * opens an application in the approval center and, when an approver approves it, writes its rows
 * to the card ledger as 调整 (writeLedgerEntries) in the decision's transaction — so the ledger keeps
 * the balances and rollups, and a correction the card can no longer take (overdrawn meanwhile)
 * refuses the approval and changes nothing. Every handling is a row of card_handling (the card's
 * history) and an operation-log row. Cards are reached only inside the caller's data scope (the
 * card's selling store).
 */
import type {
  CardHandlingAction,
  CardHandlingView,
  cardAdjustBody,
  cardStatusBody,
} from '@zb/contract/api/memberAssets';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { openApproval, registerApprovalKind } from '../approvals/service';
import { card, project } from '../goods/schema';
import { writeLedgerEntries } from '../members/ledger';
import { member, memberCard, memberCardSession } from '../members/schema';
import { setMemberCardStatus } from '../members/service';
import { store } from '../stores/schema';
import { cardClosure, cardHandling } from './schema';

const stateError = (msg: string) => new BizError(ERR.CARD_HANDLING_STATE, msg);

/** A 调整, 补卡 or 注销 of the card waiting in the approval center refuses another. */
export const assertNothingPending = async (tx: Tx, c: { id: number; cardNo: string }): Promise<void> => {
  const [adjust] = await tx
    .select({ id: cardHandling.id })
    .from(cardHandling)
    .where(and(eq(cardHandling.memberCardId, c.id), eq(cardHandling.status, 'pending')));
  if (adjust) throw stateError(`会员卡（${c.cardNo}）已有待审批的调整，请等审批完成`);
  const [closure] = await tx
    .select({ kind: cardClosure.kind })
    .from(cardClosure)
    .where(and(eq(cardClosure.memberCardId, c.id), eq(cardClosure.status, 'pending')));
  if (closure) {
    throw stateError(
      `会员卡（${c.cardNo}）已有待审批的${closure.kind === 'reissue' ? '补卡' : '注销'}申请，请等审批完成`,
    );
  }
};

/** A card 已补卡 or 已注销 takes no handling any more (冻结, 解冻, 调整, 补卡, 注销). */
export const assertCardOpen = (c: { cardNo: string; status: string }): void => {
  if (c.status === 'closed') throw stateError(`会员卡（${c.cardNo}）已补卡，请处理新卡`);
  if (c.status === 'cancelled') throw stateError(`会员卡（${c.cardNo}）已注销`);
};

/** The card in the caller's scope, locked when `lock` (the handling's transaction). */
const cardOf = async (db: Db | Tx, auth: Pick<Actor, 'scope'>, id: number, lock = false) => {
  const where = and(eq(memberCard.id, id), storeScopeFilter(auth.scope, memberCard.storeId));
  const q = db
    .select({
      id: memberCard.id,
      cardNo: memberCard.cardNo,
      kind: memberCard.kind,
      status: memberCard.status,
      storeId: memberCard.storeId,
      expiresAt: memberCard.expiresAt,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
    })
    .from(memberCard)
    .where(where);
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw new BizError(ERR.RECORD_NOT_FOUND, '会员卡不存在或不在您的数据范围内');
  return c;
};

/** The card as the handling panel shows it, with its history, newest first. */
export const cardView = async (db: Db | Tx, auth: Pick<Actor, 'scope'>, id: number): Promise<CardHandlingView> => {
  await cardOf(db, auth, id);
  const [c] = await db
    .select({
      memberCardId: memberCard.id,
      cardNo: memberCard.cardNo,
      memberName: member.name,
      cardName: card.name,
      kind: memberCard.kind,
      storeName: store.name,
      status: memberCard.status,
      expiresAt: memberCard.expiresAt,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
    })
    .from(memberCard)
    .innerJoin(member, eq(member.id, memberCard.memberId))
    .innerJoin(card, eq(card.id, memberCard.cardId))
    .innerJoin(store, eq(store.id, memberCard.storeId))
    .where(eq(memberCard.id, id));
  const sessions = await db
    .select({
      projectId: memberCardSession.projectId,
      projectName: project.name,
      remaining: memberCardSession.remaining,
    })
    .from(memberCardSession)
    .innerJoin(project, eq(project.id, memberCardSession.projectId))
    .where(eq(memberCardSession.memberCardId, id))
    .orderBy(memberCardSession.projectId);
  const history = await db
    .select({
      id: cardHandling.id,
      action: cardHandling.action,
      status: cardHandling.status,
      reason: cardHandling.reason,
      amount: cardHandling.amount,
      bonus: cardHandling.bonus,
      projectName: project.name,
      sessions: cardHandling.sessions,
      spNo: approval.spNo,
      createdByName: userAccount.nickname,
      createdAt: cardHandling.createdAt,
      decidedAt: cardHandling.decidedAt,
    })
    .from(cardHandling)
    .leftJoin(project, eq(project.id, cardHandling.projectId))
    .leftJoin(approval, eq(approval.id, cardHandling.approvalId))
    .leftJoin(userAccount, eq(userAccount.id, cardHandling.createdBy))
    .where(eq(cardHandling.memberCardId, id))
    .orderBy(desc(cardHandling.id));
  return {
    ...c!,
    kind: c!.kind as CardHandlingView['kind'],
    status: c!.status as CardHandlingView['status'],
    expiresAt: formatDateTime(c!.expiresAt),
    sessions,
    history: history.map((h) => ({
      ...h,
      action: h.action as CardHandlingAction,
      status: h.status as CardHandlingView['history'][number]['status'],
      createdAt: formatDateTime(h.createdAt),
      decidedAt: h.decidedAt ? formatDateTime(h.decidedAt) : null,
    })),
  };
};

/** Who handles a card: a console user in their data scope (the demo seed acts as admin). */
export interface Actor {
  user: { id: number };
  scope: DataScope;
}

/** 冻结 (to 'frozen') or 解冻 (to 'active'), with its reason, at once, in the caller's transaction. */
export const setCardStatusIn = async (
  tx: Tx,
  auth: Actor,
  body: z.output<typeof cardStatusBody>,
  to: 'frozen' | 'active',
): Promise<CardHandlingView> => {
  const c = await cardOf(tx, auth, body.memberCardId, true);
  assertCardOpen(c);
  if (c.status === to)
    throw stateError(to === 'frozen' ? `会员卡（${c.cardNo}）已冻结` : `会员卡（${c.cardNo}）未冻结`);
  const action = to === 'frozen' ? 'freeze' : 'unfreeze';
  await setMemberCardStatus(tx, c.id, to);
  const [h] = await tx
    .insert(cardHandling)
    .values({ memberCardId: c.id, action, status: 'done', reason: body.reason, createdBy: auth.user.id })
    .returning({ id: cardHandling.id });
  await recordOperation(tx, {
    userId: auth.user.id,
    action: `memberCard.${action}`,
    target: `member_card:${c.id}`,
    before: { status: c.status },
    after: { status: to, cardNo: c.cardNo, reason: body.reason, handling: h!.id },
  });
  return cardView(tx, auth, c.id);
};

export const setCardStatus = (
  db: Db,
  auth: Actor,
  body: z.output<typeof cardStatusBody>,
  to: 'frozen' | 'active',
): Promise<CardHandlingView> => db.transaction((tx) => setCardStatusIn(tx, auth, body, to));

/** What a 调整 says in words: 本金 +12.00 元、赠金 −1.00 元, or 「项目」 +2 次. */
const adjustText = (a: { amount: number; bonus: number; sessions: number }, projectName?: string | null) => {
  const signed = (n: number) => (n >= 0 ? `+${formatYuan(n)}` : `−${formatYuan(-n)}`);
  if (a.sessions) return `「${projectName ?? ''}」${a.sessions > 0 ? '+' : '−'}${Math.abs(a.sessions)} 次`;
  return [a.amount ? `本金 ${signed(a.amount)} 元` : '', a.bonus ? `赠金 ${signed(a.bonus)} 元` : '']
    .filter(Boolean)
    .join('、');
};

/**
 * 调整: checked against the card now (its kind, the project on a 套餐卡, not below zero, no other
 * 调整 pending), recorded as pending and sent to the approval center.
 */
export const applyAdjustIn = async (
  tx: Tx,
  auth: Actor,
  body: z.output<typeof cardAdjustBody>,
): Promise<CardHandlingView> => {
  const c = await cardOf(tx, auth, body.memberCardId, true);
  assertCardOpen(c);
  let projectName: string | null = null;
  if (c.kind === 'stored') {
    if (body.sessions) throw new BizError(ERR.PARAM_INVALID, `会员卡（${c.cardNo}）是储值卡，只能调整本金和赠金`);
    if ((c.balance ?? 0) + body.amount < 0 || (c.bonusBalance ?? 0) + body.bonus < 0) {
      throw new BizError(
        ERR.MEMBER_OVERDRAW,
        `会员卡（${c.cardNo}）本金 ${formatYuan(c.balance ?? 0)} 元、赠金 ${formatYuan(c.bonusBalance ?? 0)} 元，不够扣减`,
      );
    }
  } else {
    if (!body.sessions) throw new BizError(ERR.PARAM_INVALID, `会员卡（${c.cardNo}）是套餐卡，只能调整项目次数`);
    const [s] = await tx
      .select({ remaining: memberCardSession.remaining, name: project.name })
      .from(memberCardSession)
      .innerJoin(project, eq(project.id, memberCardSession.projectId))
      .where(and(eq(memberCardSession.memberCardId, c.id), eq(memberCardSession.projectId, body.projectId!)));
    if (!s) throw new BizError(ERR.MEMBER_CARD_WRONG_ITEM, `套餐卡（${c.cardNo}）不包含该项目`);
    if (s.remaining + body.sessions < 0) {
      throw new BizError(ERR.MEMBER_OVERDRAW, `套餐卡（${c.cardNo}）「${s.name}」剩余 ${s.remaining} 次，不够扣减`);
    }
    projectName = s.name;
  }
  await assertNothingPending(tx, c);
  const stored = c.kind === 'stored';
  const values = {
    amount: stored ? body.amount : 0,
    bonus: stored ? body.bonus : 0,
    projectId: stored ? null : body.projectId!,
    sessions: stored ? 0 : body.sessions,
  };
  const what = adjustText(values, projectName);
  const { id: approvalId, spNo } = await openApproval(tx, {
    type: 'cardAdjust',
    applicantId: auth.user.id,
    storeId: c.storeId,
    reason: `会员卡 ${c.cardNo} 调整：${what}；原因：${body.reason}`,
  });
  const [h] = await tx
    .insert(cardHandling)
    .values({
      memberCardId: c.id,
      action: 'adjust',
      status: 'pending',
      reason: body.reason,
      ...values,
      approvalId,
      createdBy: auth.user.id,
    })
    .returning({ id: cardHandling.id });
  await recordOperation(tx, {
    userId: auth.user.id,
    action: 'memberCard.adjustApply',
    target: `member_card:${c.id}`,
    after: { cardNo: c.cardNo, adjust: what, reason: body.reason, spNo, handling: h!.id },
  });
  return cardView(tx, auth, c.id);
};

export const applyAdjust = (db: Db, auth: Actor, body: z.output<typeof cardAdjustBody>): Promise<CardHandlingView> =>
  db.transaction((tx) => applyAdjustIn(tx, auth, body));

const pendingOf = (tx: Tx, where: SQL) =>
  tx
    .select()
    .from(cardHandling)
    .where(and(where, eq(cardHandling.status, 'pending')))
    .for('update');

/** The approval center decides a 调整: approving writes it to the ledger (refused: the decision is undone). */
registerApprovalKind({
  type: 'cardAdjust',
  decided: async (tx, d) => {
    const [h] = await pendingOf(tx, eq(cardHandling.approvalId, d.approvalId));
    if (!h) return;
    const now = new Date();
    if (d.decision === 'approve') {
      const [c] = await tx
        .select({ storeId: memberCard.storeId })
        .from(memberCard)
        .where(eq(memberCard.id, h.memberCardId));
      await writeLedgerEntries(tx, 'adjust', {
        refType: 'card_handling',
        refId: h.id,
        storeId: c!.storeId,
        at: now,
        userId: d.deciderId,
        reason: h.reason,
        entries: [
          h.sessions
            ? { memberCardId: h.memberCardId, projectId: h.projectId!, sessions: h.sessions }
            : { memberCardId: h.memberCardId, amount: h.amount, bonus: h.bonus },
        ],
      });
    }
    await tx
      .update(cardHandling)
      .set({ status: d.decision === 'approve' ? 'approved' : 'rejected', decidedAt: now })
      .where(eq(cardHandling.id, h.id));
  },
  link: async (db, approvalId) => {
    const [h] = await db
      .select({ memberCardId: cardHandling.memberCardId })
      .from(cardHandling)
      .where(eq(cardHandling.approvalId, approvalId));
    return h ? `/abnormalCardList?memberCardId=${h.memberCardId}` : null;
  },
});
