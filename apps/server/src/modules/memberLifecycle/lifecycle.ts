/**
 * The stages of members (contract entities/memberLifecycle.ts) as member_stage rows, computed by
 * the scheduled job `memberLifecycle` (modules/schedule/jobs.ts):
 *
 * - `stageOn` is the definition's rule for one day; `timeline` applies it on every day a stage can
 *   change (an event's day, and the days its thresholds fall on after it), so a member's rows are
 *   their whole history and the changes already decided for the days ahead.
 * - `runLifecycle`: when the current version is not the one computed (a save queued a run), it
 *   recomputes every member in batches of BATCH, each batch in one transaction with the run's
 *   progress (done, cursor: a run cut short resumes); otherwise it recomputes only the members with
 *   a bill or a ledger row since its watermarks, a bill closed since its last look, or a home store
 *   changed since their rows were written.
 */
import {
  LIFECYCLE_BASES,
  LIFECYCLE_DEFAULTS,
  type LifecycleBasis,
  type LifecycleParams,
  type LifecycleStage,
} from '@zb/contract/entities/memberLifecycle';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { memberLifecycleDef, memberLifecycleRun, memberLifecycleState, memberStage } from './schema';

/** Members computed per transaction. */
export const BATCH = 1000;

const DAY_MS = 86_400_000;
export const dayNo = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A member's events of one Beijing day: how many, and the spend (分). */
export interface DayEvents {
  day: number;
  n: number;
  spend: number;
}

/** The stage on day `d` of a member whose events (ascending by day) are `ev`; null before the first. */
export const stageOn = (p: LifecycleParams, ev: readonly DayEvents[], d: number): LifecycleStage | null => {
  let last = -1;
  for (let i = 0; i < ev.length && ev[i]!.day <= d; i++) last = i;
  if (last < 0) return null;
  const first = ev[0]!.day;
  const l = ev[last]!.day;
  if (d - first < p.newDays) return 'new';
  const prev = last > 0 ? ev[last - 1]!.day : null;
  if (prev !== null && l - prev > p.lostAfter && d - l < p.returnDays) return 'returned';
  const since = d - l;
  if (since <= p.activeDays) {
    let n = 0;
    let spend = 0;
    for (let i = last; i >= 0 && ev[i]!.day > d - p.activeWindowDays; i--) {
      n += ev[i]!.n;
      spend += ev[i]!.spend;
    }
    return n >= p.activeMinVisits && spend >= p.activeMinSpend ? 'active' : 'general';
  }
  return since <= p.sleepTo ? 'sleeping' : 'lost';
};

export interface StageSpan {
  from: number;
  /** Exclusive; null: open. */
  to: number | null;
  stage: LifecycleStage;
}

/** Every change of stage the events decide, as spans (the last one open). */
export const timeline = (p: LifecycleParams, ev: readonly DayEvents[]): StageSpan[] => {
  if (ev.length === 0) return [];
  const offsets = [0, p.newDays, p.returnDays, p.activeDays + 1, p.sleepTo + 1, p.lostAfter + 1, p.activeWindowDays];
  const days = [...new Set(ev.flatMap((e) => offsets.map((o) => e.day + o)))].sort((a, b) => a - b);
  const spans: StageSpan[] = [];
  for (const d of days) {
    const stage = stageOn(p, ev, d);
    if (!stage) continue;
    const open = spans[spans.length - 1];
    if (open?.stage === stage) continue;
    if (open) open.to = d;
    spans.push({ from: d, to: null, stage });
  }
  return spans;
};

const BJ = sql.raw(`'Asia/Shanghai'`);

/** Each basis's events per member and Beijing day, for the members listed (ids from the database). */
const EVENTS: Record<LifecycleBasis, (ids: string) => ReturnType<typeof sql>> = {
  visit: (ids) => sql`select member_id, (consumed_at at time zone ${BJ})::date::text as day,
      count(*)::int as n, sum(total)::float8 as spend
    from member_consume where status = 'completed' and member_id in (${sql.raw(ids)}) group by 1, 2`,
  buyCard: (ids) => sql`select l.member_id, (l.at at time zone ${BJ})::date::text as day,
      count(*)::int as n, sum(mc.paid)::float8 as spend
    from card_ledger l join member_card mc on mc.id = l.member_card_id
    where l.kind = 'open' and l.member_id in (${sql.raw(ids)}) group by 1, 2`,
  drawCard: (ids) => sql`select member_id, (at at time zone ${BJ})::date::text as day,
      count(distinct (ref_type, ref_id))::int as n, (-sum(amount + bonus_amount))::float8 as spend
    from card_ledger where kind = 'consume' and member_id in (${sql.raw(ids)}) group by 1, 2`,
};

/** Recomputes the rows of the members given (all three bases) in the transaction. */
export const computeMembers = async (tx: Tx | Db, p: LifecycleParams, memberIds: readonly number[]) => {
  if (memberIds.length === 0) return;
  const ids = memberIds.map((id) => String(Math.trunc(Number(id)))).join(', ');
  const homes = rowsOf<{ id: number; store_id: number }>(
    await tx.execute(sql`select id, store_id from member where id in (${sql.raw(ids)})`),
  );
  const home = new Map(homes.map((m) => [Number(m.id), Number(m.store_id)]));
  await tx.delete(memberStage).where(inArray(memberStage.memberId, [...memberIds]));
  const values: (typeof memberStage.$inferInsert)[] = [];
  for (const { value: basis } of LIFECYCLE_BASES) {
    const events = rowsOf<{ member_id: number; day: string; n: number; spend: number }>(
      await tx.execute(EVENTS[basis](ids)),
    );
    const byMember = new Map<number, DayEvents[]>();
    for (const e of events) {
      const list = byMember.get(Number(e.member_id)) ?? [];
      list.push({ day: dayNo(e.day), n: Number(e.n), spend: Number(e.spend) });
      byMember.set(Number(e.member_id), list);
    }
    for (const [memberId, list] of byMember) {
      const storeId = home.get(memberId);
      if (storeId === undefined) continue;
      list.sort((a, b) => a.day - b.day);
      for (const s of timeline(p, list)) {
        values.push({
          basis,
          memberId,
          storeId,
          stage: s.stage,
          validFrom: dayText(s.from),
          validTo: s.to === null ? null : dayText(s.to),
        });
      }
    }
  }
  for (let i = 0; i < values.length; i += 5000) await tx.insert(memberStage).values(values.slice(i, i + 5000));
};

/** The current definition: its version and params (version 0, the defaults, before any save). */
export const currentDefinition = async (db: Db | Tx): Promise<{ version: number; params: LifecycleParams }> => {
  const [row] = await db
    .select({ version: memberLifecycleDef.version, params: memberLifecycleDef.params })
    .from(memberLifecycleDef)
    .orderBy(desc(memberLifecycleDef.version))
    .limit(1);
  return row
    ? { version: row.version, params: row.params as LifecycleParams }
    : { version: 0, params: LIFECYCLE_DEFAULTS };
};

const maxIds = async (db: Db | Tx) => {
  const [m] = rowsOf<{ bill: number | null; ledger: number | null }>(
    await db.execute(
      sql`select (select max(id) from member_consume) as bill, (select max(id) from card_ledger) as ledger`,
    ),
  );
  return { billId: Number(m?.bill ?? 0), ledgerId: Number(m?.ledger ?? 0) };
};

const readState = async (db: Db) => {
  await db.insert(memberLifecycleState).values({ id: 1 }).onConflictDoNothing();
  const [s] = await db.select().from(memberLifecycleState).where(eq(memberLifecycleState.id, 1));
  return s!;
};

/** Recomputes every member under the current version, through its run row (created if none queued). */
const fullRun = async (db: Db, def: { version: number; params: LifecycleParams }, now: Date) => {
  const [queued] = await db
    .select()
    .from(memberLifecycleRun)
    .where(and(eq(memberLifecycleRun.version, def.version), inArray(memberLifecycleRun.status, ['queued', 'running'])))
    .orderBy(asc(memberLifecycleRun.id))
    .limit(1);
  const marks = await maxIds(db);
  const [{ n: total } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from member`));
  const run = queued ?? (await db.insert(memberLifecycleRun).values({ version: def.version }).returning())[0]!;
  await db
    .update(memberLifecycleRun)
    .set({ status: 'running', total: Number(total), startedAt: run.startedAt ?? now })
    .where(eq(memberLifecycleRun.id, run.id));
  let cursor = run.cursor;
  let done = run.done;
  try {
    for (;;) {
      const ids = rowsOf<{ id: number }>(
        await db.execute(sql`select id from member where id > ${cursor} order by id limit ${BATCH}`),
      ).map((r) => Number(r.id));
      if (ids.length === 0) break;
      cursor = ids[ids.length - 1]!;
      done += ids.length;
      await db.transaction(async (tx) => {
        await computeMembers(tx, def.params, ids);
        await tx.update(memberLifecycleRun).set({ cursor, done }).where(eq(memberLifecycleRun.id, run.id));
      });
    }
  } catch (err) {
    await db
      .update(memberLifecycleRun)
      .set({ status: 'failed', message: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
      .where(eq(memberLifecycleRun.id, run.id));
    throw err;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(memberLifecycleRun)
      .set({ status: 'done', done, finishedAt: new Date(), message: `已重算 ${done} 位会员` })
      .where(eq(memberLifecycleRun.id, run.id));
    // Runs of older versions still queued are answered by this one.
    await tx
      .update(memberLifecycleRun)
      .set({ status: 'done', finishedAt: new Date(), message: `已由版本 ${def.version} 的重算取代` })
      .where(
        and(
          inArray(memberLifecycleRun.status, ['queued', 'running']),
          sql`${memberLifecycleRun.version} < ${def.version}`,
        ),
      );
    await tx
      .update(memberLifecycleState)
      .set({ version: def.version, ...marks, closedSince: now, updatedAt: new Date() })
      .where(eq(memberLifecycleState.id, 1));
  });
  return `按版本 ${def.version} 重算会员 ${done} 位`;
};

/** Members with something new since the watermarks: bills, ledger rows, closed bills, a new home store. */
const changedMembers = async (db: Db, s: { billId: number; ledgerId: number; closedSince: Date | null }) =>
  rowsOf<{ id: number }>(
    await db.execute(sql`select member_id as id from member_consume where id > ${s.billId}
      union select member_id from card_ledger where id > ${s.ledgerId}
      ${s.closedSince ? sql`union select member_id from member_consume where closed_at >= ${s.closedSince.toISOString()}::timestamptz` : sql``}
      union select s.member_id from member_stage s join member m on m.id = s.member_id
        where s.valid_to is null and s.store_id <> m.store_id`),
  ).map((r) => Number(r.id));

/** The job: a full recomputation when the version changed, else the members changed since its last run. */
export const runLifecycle = async (db: Db, now: Date): Promise<string> => {
  const def = await currentDefinition(db);
  const state = await readState(db);
  if (state.version !== def.version) return fullRun(db, def, now);
  const marks = await maxIds(db);
  const ids = await changedMembers(db, state);
  for (let i = 0; i < ids.length; i += BATCH) {
    await db.transaction((tx) => computeMembers(tx, def.params, ids.slice(i, i + BATCH)));
  }
  await db
    .update(memberLifecycleState)
    .set({ ...marks, closedSince: now, updatedAt: new Date() })
    .where(eq(memberLifecycleState.id, 1));
  return `更新会员生命周期 ${ids.length} 位`;
};
