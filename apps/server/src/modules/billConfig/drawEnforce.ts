/**
 * Draw limits (/drawLimitConfig) as the card ledger enforces them (its drawChecks hook):
 * most sessions of a project one member may draw on cards per Beijing day and per month, over all
 * stores or at each store. The ledger checks a bill's card-drawn project lines before it writes
 * anything: counted are the member's bills already written (less sessions refunded), the records
 * of the same batch decided before, and the bill itself. A transaction lock per member and project
 * makes two bills of one member queue, so both cannot pass together.
 */
import { drawLimitText } from '@zb/contract/entities/billConfig';
import { ERR } from '@zb/contract/errcodes';
import { shanghaiPeriod } from '@zb/contract/time';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import type { DrawTake } from '../members/ledger';
import { memberConsume, memberConsumeLine } from '../members/schema';
import { drawLimit } from './schema';

const within = (t: DrawTake, p: { start: Date; end: Date }) => t.at >= p.start && t.at < p.end;

/**
 * Refuses (BILL_DRAW_LIMIT) the takes of one bill (`takes`, all of one member, store and time) that
 * would pass a project's enabled limit; `pending`: earlier records of the same batch, not written
 * yet. Registered with the ledger's drawChecks.
 */
export const checkDrawLimits = async (
  tx: Tx,
  takes: readonly DrawTake[],
  pending: readonly DrawTake[],
  nameOf: (projectId: number) => string,
): Promise<void> => {
  const projects = [...new Set(takes.map((t) => t.projectId))];
  const limits = new Map(
    (
      await tx
        .select({
          projectId: drawLimit.projectId,
          dailyMax: drawLimit.dailyMax,
          monthlyMax: drawLimit.monthlyMax,
          storeScope: drawLimit.storeScope,
        })
        .from(drawLimit)
        .where(and(inArray(drawLimit.projectId, projects), eq(drawLimit.enabled, true)))
    ).map(({ projectId, ...rule }) => [projectId, rule]),
  );
  if (limits.size === 0) return;
  const byProject = new Map<number, DrawTake>();
  for (const t of takes) {
    if (!limits.has(t.projectId)) continue;
    const had = byProject.get(t.projectId);
    byProject.set(t.projectId, had ? { ...had, quantity: had.quantity + t.quantity } : { ...t });
  }
  for (const take of [...byProject.values()].sort((a, b) => a.projectId - b.projectId)) {
    const rule = limits.get(take.projectId)!;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`draw:${take.memberId}:${take.projectId}`}))`);
    const day = shanghaiPeriod(take.at, 'day');
    const month = shanghaiPeriod(take.at, 'month');
    const perStore = rule.storeScope === 'store';
    const drawn = sql<number>`(${memberConsumeLine.quantity} - ${memberConsumeLine.refundedSessions})`;
    const [row] = await tx
      .select({
        day: sql<number>`coalesce(sum(${drawn}) filter (where ${memberConsume.consumedAt} >= ${day.start.toISOString()}::timestamptz and ${memberConsume.consumedAt} < ${day.end.toISOString()}::timestamptz), 0)::int`,
        month: sql<number>`coalesce(sum(${drawn}), 0)::int`,
      })
      .from(memberConsume)
      .innerJoin(memberConsumeLine, eq(memberConsumeLine.consumeId, memberConsume.id))
      .where(
        and(
          eq(memberConsume.memberId, take.memberId),
          gte(memberConsume.consumedAt, month.start),
          lt(memberConsume.consumedAt, month.end),
          eq(memberConsumeLine.projectId, take.projectId),
          isNotNull(memberConsumeLine.memberCardId),
          perStore ? eq(memberConsume.storeId, take.storeId) : undefined,
        ),
      );
    const same = pending.filter(
      (p) =>
        p.memberId === take.memberId && p.projectId === take.projectId && (!perStore || p.storeId === take.storeId),
    );
    const count = (period: { start: Date; end: Date }) =>
      same.filter((p) => within(p, period)).reduce((n, p) => n + p.quantity, 0);
    const dayDone = Number(row?.day ?? 0) + count(day);
    const monthDone = Number(row?.month ?? 0) + count(month);
    const where = perStore ? '在本店' : '';
    const refuse = (when: string, done: number) =>
      new BizError(
        ERR.BILL_DRAW_LIMIT,
        `项目「${nameOf(take.projectId)}」划卡次数超出限制（${drawLimitText(rule)}）：该会员${when}${where}已划 ${done} 次，本次 ${take.quantity} 次`,
      );
    if (rule.dailyMax !== null && dayDone + take.quantity > rule.dailyMax) throw refuse('今天', dayDone);
    if (rule.monthlyMax !== null && monthDone + take.quantity > rule.monthlyMax) throw refuse('本月', monthDone);
  }
};
