/**
 * Trial-project limits (/projectConstraints, /projectConstraintsDetail) on the resource engine, and
 * their enforcement. A project with an enabled limit is a trial (体验) project: one member may take
 * it `maxTimes` times over a lifetime or per natural year (Beijing time), counted over all stores
 * or per store. The service that sells a trial calls, in its own transaction,
 * `assertTrialAllowed` and then `recordTrialUse`.
 */

import { TRIAL_LIMIT, trialLimitText } from '@zb/contract/entities/trialLimit';
import { ERR } from '@zb/contract/errcodes';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { resolveRef, setEnabled } from './goodsRef';
import { project, trialLimit, trialUse } from './schema';

export const trialLimitBinding = bindResource({
  decl: TRIAL_LIMIT,
  table: trialLimit,
  id: trialLimit.id,
  joins: [{ table: project, on: eq(project.id, trialLimit.projectId), inner: true }],
  columns: {
    projectCode: project.code,
    projectName: project.name,
    usedCount: sql<number>`(select count(*)::int from ${trialUse} where ${trialUse.projectId} = ${trialLimit.projectId})`,
  },
  uniques: { trial_limit_project_uq: 'projectId' },
  service: {
    create: async ({ tx }, values) => {
      const { goods } = await resolveRef(tx, 'project', values.projectId, { field: 'projectId' });
      const [taken] = await tx.select({ id: trialLimit.id }).from(trialLimit).where(eq(trialLimit.projectId, goods.id));
      if (taken) {
        throw new BizError(ERR.RECORD_DUPLICATE, `项目「${goods.name}」已设置体验限制，请直接编辑`, {
          fields: { projectId: `项目「${goods.name}」已设置体验限制，请直接编辑` },
        });
      }
      const [row] = await tx.insert(trialLimit).values(values).returning({ id: trialLimit.id });
      return row!.id;
    },
    batch: { enable: setEnabled(trialLimit, true), disable: setEnabled(trialLimit, false) },
  },
});

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

/** The natural year (Beijing time) holding `at`: [start, end). */
export const beijingYear = (at: Date): { start: Date; end: Date } => {
  const year = new Date(at.getTime() + SHANGHAI_OFFSET_MS).getUTCFullYear();
  return {
    start: new Date(Date.UTC(year, 0, 1) - SHANGHAI_OFFSET_MS),
    end: new Date(Date.UTC(year + 1, 0, 1) - SHANGHAI_OFFSET_MS),
  };
};

export interface TrialTake {
  /** The member, keyed by phone until the member table exists. */
  memberPhone: string;
  projectId: number;
  /** The store where the trial is taken. */
  storeId: number;
  /** When it is taken (the sale's time). */
  at: Date;
}

/**
 * Refuses (GOODS-40904) a trial the member has already taken as often as the project's limit
 * allows in its period and store scope. A project without an enabled limit is not limited.
 * Takes a transaction lock on the member and project, so two sales of the same trial to the same
 * member queue instead of both passing; call recordTrialUse in the same transaction. `pending`:
 * takes of the same transaction not recorded yet (a batch records its takes at its end); those
 * of this member and project in the limit's period and store scope count as taken.
 */
export const assertTrialAllowed = async (
  tx: Tx,
  take: TrialTake,
  pending: readonly TrialTake[] = [],
): Promise<void> => {
  const [limit] = await tx
    .select({
      maxTimes: trialLimit.maxTimes,
      period: trialLimit.period,
      storeScope: trialLimit.storeScope,
      name: project.name,
    })
    .from(trialLimit)
    .innerJoin(project, eq(project.id, trialLimit.projectId))
    .where(and(eq(trialLimit.projectId, take.projectId), eq(trialLimit.enabled, true)));
  if (!limit) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trial:${take.memberPhone}:${take.projectId}`}))`);
  const year = limit.period === 'year' ? beijingYear(take.at) : null;
  const [used] = await tx
    .select({ n: count() })
    .from(trialUse)
    .where(
      and(
        eq(trialUse.memberPhone, take.memberPhone),
        eq(trialUse.projectId, take.projectId),
        limit.storeScope === 'store' ? eq(trialUse.storeId, take.storeId) : undefined,
        year ? gte(trialUse.usedAt, year.start) : undefined,
        year ? lt(trialUse.usedAt, year.end) : undefined,
      ),
    );
  const counts = (p: TrialTake) =>
    p.memberPhone === take.memberPhone &&
    p.projectId === take.projectId &&
    (limit.storeScope !== 'store' || p.storeId === take.storeId) &&
    (!year || (p.at >= year.start && p.at < year.end));
  const n = Number(used?.n ?? 0) + pending.filter(counts).length;
  if (n >= limit.maxTimes) {
    const where = limit.storeScope === 'store' ? '在本店' : '';
    const when = limit.period === 'year' ? '今年' : '';
    throw new BizError(
      ERR.GOODS_TRIAL_USED_UP,
      `体验次数已用完：「${limit.name}」${trialLimitText(limit)}，该会员${when}${where}已体验 ${n} 次`,
    );
  }
};

/** Records trials taken; `ref` is the business record each belongs to (a sale ticket's number). */
export const recordTrialUses = async (tx: Tx, takes: readonly (TrialTake & { ref: string })[]): Promise<number[]> => {
  if (takes.length === 0) return [];
  const rows = await tx
    .insert(trialUse)
    .values(
      takes.map((take) => ({
        memberPhone: take.memberPhone,
        projectId: take.projectId,
        storeId: take.storeId,
        usedAt: take.at,
        ref: take.ref,
      })),
    )
    .returning({ id: trialUse.id });
  return rows.map((r) => r.id);
};

/** Records one trial taken (recordTrialUses). */
export const recordTrialUse = async (tx: Tx, take: TrialTake & { ref: string }): Promise<number> =>
  (await recordTrialUses(tx, [take]))[0]!;
