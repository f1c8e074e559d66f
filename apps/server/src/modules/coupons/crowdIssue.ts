/**
 * 发放 to a crowd, as a job: the request takes a fresh snapshot of the crowd in the caller's stores
 * and opens one coupon_issue (进行中, its total the snapshot's count); the job then goes through the
 * snapshot's members in member-id order, COUPON_CROWD_BATCH a transaction, each batch through
 * issueCoupons (quantity, per-member limit and blacklist as for any issue) with the issue's cursor
 * and counts moved in the same transaction. A re-run (after an interruption) goes on from the
 * cursor, and issueCoupons skips any member the issue already went through: nothing twice.
 */
import {
  COUPON_CROWD_BATCH,
  type CouponCrowdOption,
  type CouponIssueResult,
  type CouponIssueState,
} from '@zb/contract/entities/coupon';
import { crowdRule } from '@zb/contract/entities/crowd';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import type { DataScope } from '../../platform/scope';
import { crowd } from '../crowds/schema';
import { countCrowd, crowdMemberIds, snapshotCrowd } from '../crowds/service';
import { foldCardExpiries } from '../members/rollups';
import { activeTemplate, issueCoupons } from './ledger';
import { couponIssue, couponIssueFailure } from './schema';

const running = new Map<number, Promise<void>>();

/** Resolves when the issue's job (if this process runs one) has ended: for tests, the seed and the bench. */
export const crowdIssueFinished = (id: number): Promise<void> => running.get(id) ?? Promise.resolve();

/** Starts (or goes on with) the job of a 进行中 issue in the background; answers at once. */
export const startCrowdIssue = (db: Db, issueId: number): void => {
  if (running.has(issueId)) return;
  const job = runCrowdIssue(db, issueId).finally(() => running.delete(issueId));
  running.set(issueId, job);
};

/** Opens the issue on a fresh snapshot of the crowd (the caller's stores) and starts its job. */
export const openCrowdIssue = async (
  db: Db,
  auth: Auth,
  body: { templateId: number; crowdId: number },
): Promise<CouponIssueResult> => {
  await foldCardExpiries(db);
  const issueId = await db.transaction((tx) =>
    openCrowdIssueIn(tx, { ...body, scope: auth.scope, userId: auth.user.id }),
  );
  startCrowdIssue(db, issueId);
  return issueProgress(db, issueId);
};

/** The issue opened in the caller's transaction (進行中, nothing issued yet): its id. */
export const openCrowdIssueIn = async (
  tx: Tx,
  o: { templateId: number; crowdId: number; scope: DataScope; userId: number | null },
): Promise<number> => {
  await activeTemplate(tx, o.templateId, formatDate(new Date()));
  const [c] = await tx.select({ name: crowd.name }).from(crowd).where(eq(crowd.id, o.crowdId));
  if (!c) throw fieldError('crowdId', '该人群不存在或已被删除');
  const snap = await snapshotCrowd(tx, o.crowdId, { scope: o.scope, userId: o.userId });
  if (snap.count === 0) throw fieldError('crowdId', `人群「${c.name}」在您的数据范围内没有会员`);
  const [row] = await tx
    .insert(couponIssue)
    .values({
      templateId: o.templateId,
      source: 'crowd',
      label: c.name,
      requested: snap.count,
      state: 'running',
      snapshotId: snap.snapshotId,
      createdBy: o.userId,
    })
    .returning({ id: couponIssue.id });
  await recordOperation(tx, {
    userId: o.userId,
    action: 'couponTemplate.issueCoupons',
    target: `couponTemplate:${o.templateId}`,
    after: { source: 'crowd', label: c.name, crowdId: o.crowdId, snapshotId: snap.snapshotId, total: snap.count },
  });
  return row!.id;
};

/** One batch in the caller's transaction; false when the issue is no longer 进行中 or its snapshot is gone through. */
export const issueBatchIn = async (tx: Tx, issueId: number, size = COUPON_CROWD_BATCH): Promise<boolean> => {
  const [i] = await tx.select().from(couponIssue).where(eq(couponIssue.id, issueId)).for('update');
  if (i?.state !== 'running') return false;
  const ids = i.snapshotId ? await crowdMemberIds(tx, i.snapshotId, i.afterMemberId, size) : [];
  if (ids.length === 0) {
    await tx.update(couponIssue).set({ state: 'done', finishedAt: sql`now()` }).where(eq(couponIssue.id, issueId));
    return false;
  }
  await issueCoupons(tx, {
    templateId: i.templateId,
    memberIds: ids,
    source: 'crowd',
    label: i.label,
    userId: i.createdBy,
    issueId,
  });
  await tx
    .update(couponIssue)
    .set({ afterMemberId: ids[ids.length - 1]!, done: sql`${couponIssue.done} + ${ids.length}` })
    .where(eq(couponIssue.id, issueId));
  return true;
};
const issueBatch = (db: Db, issueId: number, size: number): Promise<boolean> =>
  db.transaction((tx) => issueBatchIn(tx, issueId, size));

/** Runs the batches until the snapshot is gone through (已完成); a batch that fails stops the job (失败). */
export const runCrowdIssue = async (db: Db, issueId: number, size = COUPON_CROWD_BATCH): Promise<void> => {
  try {
    while (await issueBatch(db, issueId, size)) {
      // one transaction per batch
    }
  } catch (err) {
    const message = err instanceof BizError ? err.message : '发放中断，请稍后重试';
    await db
      .update(couponIssue)
      .set({ state: 'failed', failure: message, finishedAt: sql`now()` })
      .where(eq(couponIssue.id, issueId));
  }
};

/** An issue's counts and job state, with its first failures. */
export const issueProgress = async (db: Db, issueId: number): Promise<CouponIssueResult> => {
  const [i] = await db.select().from(couponIssue).where(eq(couponIssue.id, issueId));
  if (!i) throw new BizError(ERR.RECORD_NOT_FOUND, '该发放记录不存在');
  const failures = await db
    .select({ target: couponIssueFailure.target, reason: couponIssueFailure.reason })
    .from(couponIssueFailure)
    .where(eq(couponIssueFailure.issueId, issueId))
    .orderBy(asc(couponIssueFailure.id))
    .limit(20);
  return {
    issueId,
    issued: i.issued,
    failed: i.failed,
    failures,
    state: i.state as CouponIssueState,
    total: i.requested,
    done: i.done,
    failure: i.failure,
  };
};

/** The crowds to pick from, newest first. */
export const crowdChoices = async (db: Db): Promise<CouponCrowdOption[]> =>
  db.select({ id: crowd.id, name: crowd.name }).from(crowd).orderBy(desc(crowd.id)).limit(500);

/** A crowd's live count in the caller's stores. */
export const crowdLiveCount = async (db: Db, auth: Auth, crowdId: number): Promise<{ count: number }> => {
  const [c] = await db.select({ rule: crowd.rule }).from(crowd).where(eq(crowd.id, crowdId));
  if (!c) throw fieldError('crowdId', '该人群不存在或已被删除');
  return countCrowd(db, auth, crowdRule.parse(c.rule));
};
