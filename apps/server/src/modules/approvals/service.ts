/**
 * The approval center: applications in the approver's data scope, newest first; a detail with
 * its history; a decision on a pending application, once, with its operation-log row.
 */
import type { ApprovalDetail, ApprovalEvent, ApprovalRow, approvalListQuery } from '@zb/contract/api/approvals';
import type { Page } from '@zb/contract/api/paging';
import { APPROVAL_TYPES, type ApprovalStatus, type ApprovalType } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { nextSpNo } from './numbers';
import { approval, approvalEvent } from './schema';

/**
 * A kind of application whose decision moves a record of another module (a refund): the module
 * registers it at start, so the approval center decides it without knowing the module.
 */
export interface ApprovalKind {
  type: ApprovalType;
  /** Runs in the decision's transaction: moves the record the application decides (refusing undoes the decision). */
  decided(
    tx: Tx,
    d: { approvalId: number; decision: 'approve' | 'reject'; deciderId: number; comment: string },
  ): Promise<void>;
  /** The console page of the record it decides, e.g. /refundDetail?id=5. */
  link(db: Db, approvalId: number): Promise<string | null>;
}

const kinds = new Map<string, ApprovalKind>();

export const registerApprovalKind = (kind: ApprovalKind): void => {
  kinds.set(kind.type, kind);
};

/**
 * Opens an application in the caller's transaction (its number, its 提交 history row, its log
 * row). `applicantId` null: sent by a store through the open API, no console user.
 */
export const openApproval = async (
  tx: Tx,
  a: { type: ApprovalType; applicantId: number | null; storeId: number | null; reason: string; at?: Date },
): Promise<{ id: number; spNo: string }> => {
  const now = a.at ?? new Date();
  const spNo = await nextSpNo(tx, now);
  const [created] = await tx
    .insert(approval)
    .values({ spNo, type: a.type, applicantId: a.applicantId, storeId: a.storeId, reason: a.reason, createdAt: now })
    .returning({ id: approval.id });
  const id = created!.id;
  await tx.insert(approvalEvent).values({ approvalId: id, action: 'submit', actorId: a.applicantId, at: now });
  await recordOperation(tx, {
    userId: a.applicantId,
    action: 'approvalSubmit',
    target: `approval:${id}`,
    after: { spNo, reason: a.reason },
  });
  return { id, spNo };
};

/** Who applied when no console user did: the store, through its POS. */
const STORE_APPLICANT = '门店（收银终端）';

export type ApprovalListQuery = z.output<typeof approvalListQuery>;

const applicant = alias(userAccount, 'applicant');
const decider = alias(userAccount, 'decider');
const actor = alias(userAccount, 'actor');

/** `%` and `_` typed by the user match themselves. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowColumns = {
  id: approval.id,
  spNo: approval.spNo,
  type: approval.type,
  applicantName: applicant.nickname,
  applicantPhone: applicant.phone,
  storeName: store.name,
  status: approval.status,
  createdAt: approval.createdAt,
  decidedAt: approval.decidedAt,
};

type RawRow = {
  id: number;
  spNo: string;
  type: string;
  applicantName: string | null;
  applicantPhone: string | null;
  storeName: string | null;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
};

const typeName = (type: string): string => APPROVAL_TYPES[type as ApprovalType] ?? type;

const toRow = (r: RawRow): ApprovalRow => ({
  id: r.id,
  spNo: r.spNo,
  type: r.type as ApprovalType,
  title: r.storeName ? `${r.storeName} · ${typeName(r.type)}` : typeName(r.type),
  applicantName: r.applicantName ?? STORE_APPLICANT,
  applicantPhone: r.applicantPhone ?? '',
  storeName: r.storeName ?? '',
  status: r.status as ApprovalStatus,
  createdAt: formatDateTime(r.createdAt),
  decidedAt: r.decidedAt ? formatDateTime(r.decidedAt) : null,
});

/** Applications whose store lies in the approver's data scope (headquarters: all). */
const inScope = (auth: Auth): SQL | undefined => storeTableScope(auth.scope);

const listWhere = (auth: Auth, q: ApprovalListQuery): SQL | undefined => {
  const keyword = q.keyword?.trim();
  return and(
    inScope(auth),
    q.status ? eq(approval.status, q.status) : undefined,
    q.type ? eq(approval.type, q.type) : undefined,
    keyword
      ? or(
          ilike(approval.spNo, containing(keyword)),
          ilike(applicant.nickname, containing(keyword)),
          ilike(applicant.phone, containing(keyword)),
        )
      : undefined,
  );
};

export const listApprovals = async (db: Db, auth: Auth, q: ApprovalListQuery): Promise<Page<ApprovalRow>> => {
  const where = listWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(approval)
      .leftJoin(applicant, eq(applicant.id, approval.applicantId))
      .leftJoin(store, eq(store.id, approval.storeId))
      .where(where)
      .orderBy(desc(approval.createdAt), desc(approval.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(approval)
      .leftJoin(applicant, eq(applicant.id, approval.applicantId))
      .leftJoin(store, eq(store.id, approval.storeId))
      .where(where),
  ]);
  return { list: rows.map(toRow), total: Number(total?.n ?? 0) };
};

export const pendingCount = async (db: Db, auth: Auth): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(approval)
    .leftJoin(store, eq(store.id, approval.storeId))
    .where(and(eq(approval.status, 'pending'), inScope(auth)));
  return Number(row?.n ?? 0);
};

const NOT_FOUND_TEXT = '审批不存在或不在您的数据范围内';

export const approvalDetail = async (db: Db, auth: Auth, id: number): Promise<ApprovalDetail> => {
  const [head] = await db
    .select({
      ...rowColumns,
      reason: approval.reason,
      comment: approval.comment,
      deciderName: decider.nickname,
    })
    .from(approval)
    .leftJoin(applicant, eq(applicant.id, approval.applicantId))
    .leftJoin(store, eq(store.id, approval.storeId))
    .leftJoin(decider, eq(decider.id, approval.deciderId))
    .where(and(eq(approval.id, id), inScope(auth)));
  if (!head) throw new BizError(ERR.PARAM_INVALID, NOT_FOUND_TEXT);
  const events = await db
    .select({
      at: approvalEvent.at,
      action: approvalEvent.action,
      comment: approvalEvent.comment,
      actorName: actor.nickname,
    })
    .from(approvalEvent)
    .leftJoin(actor, eq(actor.id, approvalEvent.actorId))
    .where(eq(approvalEvent.approvalId, id))
    .orderBy(asc(approvalEvent.at), asc(approvalEvent.id));
  const history: ApprovalEvent[] = events.map((e) => ({
    at: formatDateTime(e.at),
    action: e.action as ApprovalEvent['action'],
    comment: e.comment,
    actorName: e.actorName ?? '',
  }));
  return {
    ...toRow(head),
    reason: head.reason,
    comment: head.comment,
    deciderName: head.deciderName,
    history: history.map((h) => (h.action === 'submit' && !h.actorName ? { ...h, actorName: STORE_APPLICANT } : h)),
    link: (await kinds.get(head.type)?.link(db, id)) ?? null,
  };
};

export interface Decision {
  id: number;
  decision: 'approve' | 'reject';
  comment: string;
}

/** Approves or rejects a pending application in the approver's scope; a second decision is refused. */
export const decideApproval = async (db: Db, auth: Auth, d: Decision): Promise<ApprovalDetail> => {
  await recordDecision(db, auth.user.id, d, inScope(auth));
  return approvalDetail(db, auth, d.id);
};

/**
 * Records a decision on a pending application among those `where` allows (none: any, for head
 * office's decisions in the demo data), at `now`: the status, the history step, the log row.
 */
export const recordDecision = (
  db: Db,
  deciderId: number,
  d: Decision,
  where: SQL | undefined,
  now = new Date(),
): Promise<void> => db.transaction((tx) => decideIn(tx, deciderId, d, where, now));

/**
 * The decision in the caller's transaction; a kind's record (a refund) moves with it, and its
 * refusal (the refund's state changed) undoes the decision.
 */
export const decideIn = async (
  tx: Tx,
  deciderId: number,
  d: Decision,
  where: SQL | undefined,
  now = new Date(),
): Promise<void> => {
  const [row] = await tx
    .select({ id: approval.id, status: approval.status, spNo: approval.spNo, type: approval.type })
    .from(approval)
    .leftJoin(store, eq(store.id, approval.storeId))
    .where(and(eq(approval.id, d.id), where))
    .for('update', { of: approval });
  if (!row) throw new BizError(ERR.PARAM_INVALID, NOT_FOUND_TEXT);
  if (row.status !== 'pending') throw new BizError(ERR.APPROVAL_DECIDED);
  const status = d.decision === 'approve' ? 'approved' : 'rejected';
  await tx
    .update(approval)
    .set({ status, deciderId, comment: d.comment, decidedAt: now })
    .where(eq(approval.id, row.id));
  await tx
    .insert(approvalEvent)
    .values({ approvalId: row.id, action: d.decision, actorId: deciderId, comment: d.comment, at: now });
  await recordOperation(tx, {
    userId: deciderId,
    action: d.decision === 'approve' ? 'approvalApprove' : 'approvalReject',
    target: `approval:${row.id}`,
    before: { status: row.status },
    after: { status, spNo: row.spNo, comment: d.comment },
  });
  await kinds.get(row.type)?.decided(tx, { approvalId: row.id, decision: d.decision, deciderId, comment: d.comment });
};
