/**
 * 会员生命周期 through the API on the demo data (its definition version 1: 活跃 within 90 days) plus
 * members with constructed visit histories (bills through the ledger's `consume`):
 * - each constructed member's stage on given days is what the definition says (the list report);
 * - the members per stage by store, as of two days, equal an independent count: the definition
 *   written as one SQL statement over the bills (`oracle`), not the job's code;
 * - the flow matrix between the two days equals the pairs of those two days' stages;
 * - a new bill is picked up by the job's next run; a saved definition queues a run that recomputes
 *   every member, and the history names what changed;
 * - a bad definition (overlapping, inverted, a gap, stale, unchanged) is refused with its errcode
 *   and changes nothing.
 */
import {
  LIFECYCLE_STAGES,
  type LifecycleBasis,
  type LifecycleDefinitionView,
  type LifecycleParams,
  MEMBER_LIFECYCLE_API,
} from '@zb/contract/entities/memberLifecycle';
import { ERR } from '@zb/contract/errcodes';
import type { AnyReport } from '@zb/contract/report/define';
import {
  flowCountKey,
  MEMBER_BUY_CARD_LIFECYCLE,
  MEMBER_DRAW_CARD_LIFECYCLE,
  MEMBER_LIFECYCLE,
  MEMBER_LIFECYCLE_FLOW,
  MEMBER_LIFECYCLE_LIST,
  stageCountKey,
} from '@zb/contract/reports/memberLifecycle';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, factRows, reportAll, todayBeijing } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { consume } from '../members/ledger';
import { createMember } from '../members/service';
import { runLifecycle } from './lifecycle';

let t: TestApp;
let admin: TestClient;
const T = todayBeijing();
const D1 = addDays(T, -90);

const BJ_DAY = (e: string) => `(${e} at time zone 'Asia/Shanghai')::date`;
/** Each basis's events (member, Beijing day, spend), one row an event: a bill, a card opened, a bill's draws. */
const EVENTS: Record<LifecycleBasis, string> = {
  visit: `select member_id, ${BJ_DAY('consumed_at')} as day, total as spend from member_consume where status = 'completed'`,
  buyCard: `select l.member_id, ${BJ_DAY('l.at')} as day, c.paid as spend
    from card_ledger l join member_card c on c.id = l.member_card_id where l.kind = 'open'`,
  drawCard: `select member_id, ${BJ_DAY('min(at)')} as day, -sum(amount + bonus_amount) as spend
    from card_ledger where kind = 'consume' group by member_id, ref_type, ref_id`,
};

/** Every member's stage on `day` by the definition `p`, in SQL over the facts alone (not the job's code). */
const oracle = async (day: string, p: LifecycleParams, basis: LifecycleBasis = 'visit') =>
  factRows<{ memberId: number; storeId: number; stage: string }>(
    t.db,
    sql`with d as (select member_id, day, spend as total from (${sql.raw(EVENTS[basis])}) e where day <= ${day}::date),
        a as (select member_id, min(day) as f, max(day) as l from d group by member_id),
        w as (select member_id, count(*) as n, sum(total) as s from d
          where day > ${day}::date - ${p.activeWindowDays}::int group by member_id),
        x as (select a.*, (select max(day) from d where d.member_id = a.member_id and d.day < a.l) as prev,
          coalesce(w.n, 0) as n, coalesce(w.s, 0) as s, ${day}::date - a.l as since
          from a left join w on w.member_id = a.member_id)
      select x.member_id as "memberId", m.store_id as "storeId",
        case when ${day}::date - x.f < ${p.newDays}::int then 'new'
          when x.prev is not null and x.l - x.prev > ${p.lostAfter}::int and x.since < ${p.returnDays}::int then 'returned'
          when x.since <= ${p.activeDays}::int then
            case when x.n >= ${p.activeMinVisits}::int and x.s >= ${p.activeMinSpend}::int then 'active' else 'general' end
          when x.since <= ${p.sleepTo}::int then 'sleeping' else 'lost' end as stage
      from x join member m on m.id = x.member_id`,
  );

const definition = async (): Promise<LifecycleDefinitionView> => {
  const res = await admin.call(MEMBER_LIFECYCLE_API.definition, {});
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as LifecycleDefinitionView;
};

/** The constructed members' stage on `day` through the list report (by name). */
const stageOf = async (name: string, day: string, from = day) => {
  const page = await reportAll(admin, MEMBER_LIFECYCLE_LIST, { periodFrom: from, periodTo: day, memberName: name });
  expect(page.total, `${name} on ${day}`).toBeLessThanOrEqual(1);
  return page.list[0] ? { stage: page.list[0].stage, from: page.list[0].fromStage } : null;
};

/** /memberLiftcycle by store equals the oracle's members per store and stage; the totals add up. */
const expectCountsEqualOracle = async (
  day: string,
  p: LifecycleParams,
  decl: AnyReport = MEMBER_LIFECYCLE,
  basis: LifecycleBasis = 'visit',
) => {
  const want = new Map<number, Record<string, number>>();
  for (const r of await oracle(day, p, basis)) {
    const f = want.get(Number(r.storeId)) ?? {};
    f[r.stage] = (f[r.stage] ?? 0) + 1;
    want.set(Number(r.storeId), f);
  }
  const page = await reportAll(admin, decl, { periodFrom: day, periodTo: day, groupBy: 'store' });
  expect(page.list.length, `${decl.name} ${day}`).toBe(want.size);
  for (const r of page.list) {
    const f = want.get(Number(r.storeId)) ?? {};
    for (const s of LIFECYCLE_STAGES) {
      expect(Number(r[stageCountKey(s.value)]), `${day} ${r.storeName} ${s.label}`).toBe(f[s.value] ?? 0);
    }
    expect(Number(r.members)).toBe(Object.values(f).reduce((a, b) => a + b, 0));
  }
  const all = [...want.values()];
  for (const s of LIFECYCLE_STAGES) {
    expect(Number(page.totals![stageCountKey(s.value)]), `${day} 合计 ${s.label}`).toBe(
      all.reduce((n, f) => n + (f[s.value] ?? 0), 0),
    );
  }
  return page;
};

/** The flow matrix from `from` to `to` equals the pairs of the oracle's stages on the two days. */
const expectFlowEqualsPairs = async (from: string, to: string, p: LifecycleParams) => {
  const before = new Map((await oracle(from, p)).map((r) => [Number(r.memberId), r.stage]));
  const want = new Map<string, Record<string, number>>();
  for (const r of await oracle(to, p)) {
    const key = before.get(Number(r.memberId)) ?? 'none';
    const f = want.get(key) ?? {};
    f[r.stage] = (f[r.stage] ?? 0) + 1;
    want.set(key, f);
  }
  const page = await reportAll(admin, MEMBER_LIFECYCLE_FLOW, { periodFrom: from, periodTo: to, groupBy: 'from' });
  expect(new Set(page.list.map((r) => r.fromStage))).toEqual(new Set(want.keys()));
  let moved = 0;
  for (const r of page.list) {
    const f = want.get(String(r.fromStage))!;
    for (const s of LIFECYCLE_STAGES) {
      expect(Number(r[flowCountKey(s.value)]), `${r.fromStage} → ${s.value}`).toBe(f[s.value] ?? 0);
      if (s.value !== r.fromStage) moved += f[s.value] ?? 0;
    }
  }
  expect(Number(page.totals!.moved)).toBe(moved);
};

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [sh] = await factRows<{ id: number }>(t.db, sql`select id from store where code = 'SH001'`);
  const [p1] = await factRows<{ id: number }>(t.db, sql`select id from product where code = 'P001'`);
  // Visit histories in days before today: 甲 came back after 280 days away, 乙 came once, 丙 is
  // new, 丁 comes often enough to be 活跃.
  const histories: Record<string, number[]> = {
    周期甲: [400, 380, 100],
    周期乙: [45],
    周期丙: [10, 5],
    周期丁: [200, 150, 40],
  };
  let phone = 13_987_650_001;
  for (const [name, days] of Object.entries(histories)) {
    const m = await t.db.transaction((x) =>
      createMember(x, { name, phone: String(phone++), storeId: sh!.id, userId: null }),
    );
    ids[name] = m.id;
    for (const d of days) {
      await t.db.transaction((x) =>
        consume(x, {
          memberId: m.id,
          storeId: sh!.id,
          at: new Date(`${addDays(T, -d)}T11:00:00+08:00`),
          userId: null,
          lines: [{ productId: p1!.id, quantity: 1 }],
        }),
      );
    }
  }
  ids.store = sh!.id;
  ids.product = p1!.id;
  await runLifecycle(t.db, new Date());
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe('member lifecycle', { timeout: 300_000 }, () => {
  it('puts each constructed member in the stage the definition says, on each day', async () => {
    const { params } = await definition();
    expect(params.activeDays).toBe(90); // the demo's version 1
    const expected: [string, number, string | null][] = [
      ['周期甲', 401, null],
      ['周期甲', 395, 'new'],
      ['周期甲', 360, 'active'],
      ['周期甲', 250, 'sleeping'],
      ['周期甲', 150, 'lost'],
      ['周期甲', 90, 'returned'],
      ['周期甲', 0, 'sleeping'],
      ['周期乙', 20, 'new'],
      ['周期乙', 0, 'general'],
      ['周期丙', 0, 'new'],
      ['周期丁', 160, 'general'],
      ['周期丁', 100, 'active'],
      ['周期丁', 0, 'active'],
    ];
    for (const [name, ago, stage] of expected) {
      expect((await stageOf(name, addDays(T, -ago)))?.stage ?? null, `${name} ${ago} 天前`).toBe(stage);
    }
    // The list's first-day stage: 甲 went from 流失 to 沉睡 between 150 days ago and today.
    expect(await stageOf('周期甲', T, addDays(T, -150))).toEqual({ stage: 'sleeping', from: 'lost' });
    expect(await stageOf('周期丙', T, addDays(T, -30))).toEqual({ stage: 'new', from: 'none' });
  });

  it('counts per stage and the flow matrix equal an independent count over the bills', async () => {
    const { params } = await definition();
    const today = await expectCountsEqualOracle(T, params);
    expect(Number(today.totals!.members)).toBeGreaterThan(10);
    await expectCountsEqualOracle(D1, params);
    await expectFlowEqualsPairs(D1, T, params);
    // The same rules over card purchases and over card draws.
    const bought = await expectCountsEqualOracle(T, params, MEMBER_BUY_CARD_LIFECYCLE, 'buyCard');
    const drawn = await expectCountsEqualOracle(T, params, MEMBER_DRAW_CARD_LIFECYCLE, 'drawCard');
    expect(Number(bought.totals!.members)).toBeGreaterThan(0);
    expect(Number(drawn.totals!.members)).toBeGreaterThan(0);
  });

  it('takes a new bill on the next run, and a saved definition recomputes every member', async () => {
    // 乙 comes again today: two visits in the window make 活跃.
    await t.db.transaction((x) =>
      consume(x, {
        memberId: ids.周期乙!,
        storeId: ids.store!,
        at: new Date(),
        userId: null,
        lines: [{ productId: ids.product!, quantity: 1 }],
      }),
    );
    await runLifecycle(t.db, new Date());
    expect((await stageOf('周期乙', T))?.stage).toBe('active');

    const before = await definition();
    const params = { ...before.params, activeMinVisits: 3, newDays: 7 };
    const res = await admin.call(MEMBER_LIFECYCLE_API.save, {
      body: { baseVersion: before.version, params, note: '活跃须半年三次' },
    });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const saved = res.body.data as LifecycleDefinitionView;
    expect(saved.version).toBe(before.version + 1);
    expect(saved.run).toMatchObject({ version: saved.version, status: 'queued' });
    expect(saved.history[0]).toMatchObject({
      version: saved.version,
      note: '活跃须半年三次',
      createdByName: expect.any(String),
    });
    expect(saved.history[0]!.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['newDays', 30, 7],
      ['activeMinVisits', 2, 3],
    ]);
    const [logged] = await factRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from operation_log where target = ${`member_lifecycle_def:${saved.version}`}`,
    );
    expect(logged!.n).toBe(1);

    await runLifecycle(t.db, new Date());
    const after = await definition();
    const [members] = await factRows<{ n: number }>(t.db, sql`select count(*)::int as n from member`);
    expect(after.run).toMatchObject({ version: saved.version, status: 'done', total: members!.n, done: members!.n });
    // Under the new rules: 乙 and 丁 have two visits in the window, not three; 丙's first is 10 days old.
    expect((await stageOf('周期乙', T))?.stage).toBe('general');
    expect((await stageOf('周期丁', T))?.stage).toBe('general');
    expect((await stageOf('周期丙', T))?.stage).toBe('general');
    await expectCountsEqualOracle(T, params);
    await expectFlowEqualsPairs(D1, T, params);
  });

  it('refuses a bad definition with its reason and changes nothing', async () => {
    const current = await definition();
    const counts = async () =>
      factRows<{ defs: number; runs: number; stages: number }>(
        t.db,
        sql`select (select count(*)::int from member_lifecycle_def) as defs,
          (select count(*)::int from member_lifecycle_run) as runs,
          (select count(*)::int from member_stage) as stages`,
      );
    const was = await counts();
    const p = current.params;
    const bad: [Partial<LifecycleParams>, string, RegExp][] = [
      [{ sleepFrom: p.activeDays }, 'sleepFrom', /沉睡与活跃的天数区间重叠/],
      [{ sleepFrom: p.activeDays + 10 }, 'sleepFrom', /之间有空档/],
      [{ sleepTo: p.activeDays }, 'sleepTo', /颠倒/],
      [{ lostAfter: p.sleepTo - 1 }, 'lostAfter', /流失与沉睡的天数区间重叠/],
      [{ newDays: 0 }, 'newDays', /不能小于 1/],
      [{ activeMinVisits: 1.5 }, 'activeMinVisits', /须为整数/],
    ];
    for (const [change, field, message] of bad) {
      const res = await admin.call(MEMBER_LIFECYCLE_API.save, {
        body: { baseVersion: current.version, params: { ...p, ...change } },
      });
      expect(res.body.errcode, JSON.stringify(change)).toBe(ERR.PARAM_INVALID);
      expect((res.body.data as unknown as { fields: Record<string, string> }).fields[`params.${field}`]).toMatch(
        message,
      );
    }
    const stale = await admin.call(MEMBER_LIFECYCLE_API.save, {
      body: { baseVersion: current.version - 1, params: { ...p, returnDays: 30 } },
    });
    expect(stale.body.errcode).toBe(ERR.LIFECYCLE_STALE);
    const same = await admin.call(MEMBER_LIFECYCLE_API.save, { body: { baseVersion: current.version, params: p } });
    expect(same.body.errcode).toBe(ERR.LIFECYCLE_UNCHANGED);
    expect(await counts()).toEqual(was);
    expect((await definition()).version).toBe(current.version);
  });
});
