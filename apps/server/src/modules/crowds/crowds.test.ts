/**
 * 人群 through the API on the demo data. The oracle reads the plain rows (members, their stores,
 * cards and bills) and filters them in the test, so each count is checked against the members a
 * condition selects, computed without the server's SQL:
 * - every condition kind, and AND / OR of them, counts what the oracle selects;
 * - a region user counts only their region's members, and may not name another region's store;
 * - invalid conditions are refused with their errcodes and write nothing;
 * - a snapshot freezes its members: a member added later is counted live but not in it; its
 *   members page and export read it, crowdMemberIds pages it.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  CROWD_API,
  CROWD_RESOURCE_API,
  type CrowdCondition,
  type CrowdMemberRow,
  type CrowdRule,
} from '@zb/contract/entities/crowd';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { factRows } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { createMember } from '../members/service';
import { crowdMemberIds } from './service';

let t: TestApp;
let admin: TestClient;
let regionUser: TestClient;
let eastRegion: number;

interface M {
  id: number;
  storeId: number;
  regionId: number;
  levelId: number | null;
  genderId: number | null;
  birthMonth: number | null;
  joinedDay: string;
  lastVisitDay: string | null;
}
interface World {
  members: M[];
  /** Valid (正常, unexpired) 储值卡 principal + bonus per member. */
  stored: Map<number, number>;
  /** Card products of each member's valid cards. */
  validCards: Map<number, Set<number>>;
  bills: { memberId: number; day: string; net: number }[];
  tags: Map<number, Set<number>>;
  today: string;
}

const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const minusDays = (day: string, n: number) =>
  beijingDay(new Date(Date.parse(`${day}T00:00:00+08:00`) - n * 86_400_000));

/** The rows, as they are, read plainly. */
const readWorld = async (): Promise<World> => {
  const members = (
    await factRows<Record<string, unknown>>(
      t.db,
      sql`select m.id, m.store_id, s.region_id, m.level_id, m.gender_id, m.birthday::text as birthday,
        m.joined_at, m.last_visit_day::text as last_visit_day from member m join store s on s.id = m.store_id`,
    )
  ).map(
    (r): M => ({
      id: Number(r.id),
      storeId: Number(r.store_id),
      regionId: Number(r.region_id),
      levelId: r.level_id == null ? null : Number(r.level_id),
      genderId: r.gender_id == null ? null : Number(r.gender_id),
      birthMonth: r.birthday ? Number(String(r.birthday).slice(5, 7)) : null,
      joinedDay: beijingDay(new Date(r.joined_at as string)),
      lastVisitDay: (r.last_visit_day as string | null) ?? null,
    }),
  );
  const now = Date.now();
  const stored = new Map<number, number>();
  const validCards = new Map<number, Set<number>>();
  for (const c of await factRows<Record<string, unknown>>(
    t.db,
    sql`select member_id, card_id, kind, status, expires_at, balance, bonus_balance from member_card`,
  )) {
    if (c.status !== 'active' || new Date(c.expires_at as string).getTime() <= now) continue;
    const id = Number(c.member_id);
    if (!validCards.has(id)) validCards.set(id, new Set());
    validCards.get(id)!.add(Number(c.card_id));
    if (c.kind === 'stored') stored.set(id, (stored.get(id) ?? 0) + Number(c.balance) + Number(c.bonus_balance));
  }
  const bills = (
    await factRows<Record<string, unknown>>(
      t.db,
      sql`select member_id, consumed_at, total, refunded from member_consume where status = 'completed'`,
    )
  ).map((b) => ({
    memberId: Number(b.member_id),
    day: beijingDay(new Date(b.consumed_at as string)),
    net: Number(b.total) - Number(b.refunded),
  }));
  // 会员标签: the members' enabled tags.
  const tags = new Map<number, Set<number>>();
  for (const r of await factRows<Record<string, unknown>>(
    t.db,
    sql`select mt.member_id, mt.tag_id from member_tag_member mt join member_tag tg on tg.id = mt.tag_id where tg.enabled`,
  )) {
    const id = Number(r.member_id);
    if (!tags.has(id)) tags.set(id, new Set());
    tags.get(id)!.add(Number(r.tag_id));
  }
  return { members, stored, validCards, bills, tags, today: beijingDay(new Date()) };
};

const between = (v: number, r: { min?: number | null; max?: number | null }) =>
  (r.min == null || v >= r.min) && (r.max == null || v <= r.max);

/** Whether the condition selects the member, by the contract's words, over the plain rows. */
const selects = (w: World, c: CrowdCondition, m: M): boolean => {
  switch (c.kind) {
    case 'store':
      return c.storeIds.includes(m.storeId) || c.regionIds.includes(m.regionId);
    case 'level':
      return m.levelId !== null && c.levelIds.includes(m.levelId);
    case 'gender':
      return m.genderId !== null && c.genderIds.includes(m.genderId);
    case 'lastVisit': {
      if (!m.lastVisitDay) return false;
      const ago = Math.round((Date.parse(w.today) - Date.parse(m.lastVisitDay)) / 86_400_000);
      return between(ago, c.days);
    }
    case 'balance':
      return between(w.stored.get(m.id) ?? 0, c.amount);
    case 'spend': {
      const since = minusDays(w.today, c.days - 1);
      const spent = w.bills.filter((b) => b.memberId === m.id && b.day >= since).reduce((n, b) => n + b.net, 0);
      return between(spent, c.amount);
    }
    case 'birthdayMonth':
      return m.birthMonth !== null && c.months.includes(m.birthMonth);
    case 'cards': {
      const held = w.validCards.get(m.id) ?? new Set<number>();
      if (c.mode === 'any') return held.size > 0;
      if (c.mode === 'none') return held.size === 0;
      return c.cardIds.some((id) => held.has(id));
    }
    case 'joined':
      return (!c.from || m.joinedDay >= c.from) && (!c.to || m.joinedDay <= c.to);
    case 'tag':
      return c.tagIds.some((id) => w.tags.get(m.id)?.has(id) ?? false);
  }
};

const oracle = (w: World, rule: CrowdRule, inScope: (m: M) => boolean = () => true) =>
  w.members.filter((m) => inScope(m) && rule.groups.some((g) => g.every((c) => selects(w, c, m))));

const countOf = async (client: TestClient, rule: CrowdRule) => {
  const res = await client.call(CROWD_API.count, { body: { rule } });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data.count;
};

const one = (c: CrowdCondition): CrowdRule => ({ groups: [[c]] });

const crowdRows = async () =>
  Number((await factRows<{ n: number }>(t.db, sql`select count(*)::int as n from crowd`))[0]!.n);

let w: World;
/** Ids from the demo data that make each condition select some members and not all. */
const pick: Record<string, number[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const list = routeByPath('/crowdManagement')!;
  const detail = routeByPath('/crowdDetail')!;
  const { contentRoleId } = await createRole(t.db, {
    code: 'CROWD_REGION',
    name: '区域人群（测）',
    contentName: '华东大区',
    codes: [...new Set([list.group, list.code!, ...detail.codes, buttonCodeOf('/crowdManagement', 'add')])],
  });
  const uid = await createUser(t.db, { loginName: '13912348077', password: 'pass1234', phone: '13912348077' });
  regionUser = await t.signIn('13912348077', 'pass1234', await grantRole(t.db, uid, contentRoleId));
  eastRegion = Number(
    (await factRows<{ id: number }>(t.db, sql`select region_id as id from hier_content where name = '华东大区'`))[0]!
      .id,
  );
  w = await readWorld();
  const common = (f: (m: M) => number | null) => {
    const n = new Map<number, number>();
    for (const m of w.members) {
      const v = f(m);
      if (v !== null) n.set(v, (n.get(v) ?? 0) + 1);
    }
    return [...n.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
  };
  pick.stores = common((m) => m.storeId);
  pick.regions = common((m) => m.regionId);
  pick.levels = common((m) => m.levelId);
  pick.genders = common((m) => m.genderId);
  pick.cards = common((m) => {
    const s = w.validCards.get(m.id);
    return s?.size ? [...s][0]! : null;
  });
  pick.tags = common((m) => {
    const s = w.tags.get(m.id);
    return s?.size ? [...s][0]! : null;
  });
});

afterAll(async () => {
  await t?.close();
});

describe('人群 counts', () => {
  it('counts for every condition kind exactly the members the condition selects', async () => {
    const joinedDays = [...new Set(w.members.map((m) => m.joinedDay))].sort();
    const mid = joinedDays[Math.floor(joinedDays.length / 2)]!;
    const conditions: CrowdCondition[] = [
      { kind: 'store', storeIds: [pick.stores![0]!], regionIds: [pick.regions![1]!] },
      { kind: 'level', levelIds: pick.levels!.slice(0, 2) },
      { kind: 'gender', genderIds: [pick.genders![0]!] },
      { kind: 'lastVisit', days: { min: 1, max: 60 } },
      { kind: 'lastVisit', days: { max: 7 } },
      { kind: 'balance', amount: { min: 10_000, max: 500_000 } },
      { kind: 'balance', amount: { max: 0 } },
      { kind: 'spend', days: 30, amount: { min: 1 } },
      { kind: 'spend', days: 90, amount: { min: 0, max: 50_000 } },
      { kind: 'birthdayMonth', months: [1, 2, 3, 4, 5, 6] },
      { kind: 'cards', mode: 'products', cardIds: pick.cards!.slice(0, 2) },
      { kind: 'cards', mode: 'any', cardIds: [] },
      { kind: 'cards', mode: 'none', cardIds: [] },
      { kind: 'joined', from: mid, to: null },
      { kind: 'joined', from: joinedDays[0]!, to: mid },
      { kind: 'tag', tagIds: pick.tags!.slice(0, 2) },
    ];
    const seen: string[] = [];
    for (const c of conditions) {
      const want = oracle(w, one(c)).length;
      expect(await countOf(admin, one(c)), JSON.stringify(c)).toBe(want);
      seen.push(`${c.kind}:${want}`);
    }
    // Each kind selected some members and left some out (the conditions above are not vacuous).
    for (const c of conditions) {
      const n = oracle(w, one(c)).length;
      expect(n, `${JSON.stringify(c)} selects some (${seen.join(' ')})`).toBeGreaterThan(0);
      expect(n, `${JSON.stringify(c)} leaves some out`).toBeLessThan(w.members.length);
    }
  });

  it('combines conditions with AND within a group and OR between groups', async () => {
    const level: CrowdCondition = { kind: 'level', levelIds: [pick.levels![0]!] };
    const visit: CrowdCondition = { kind: 'lastVisit', days: { max: 90 } };
    const card: CrowdCondition = { kind: 'cards', mode: 'any', cardIds: [] };
    const birthday: CrowdCondition = { kind: 'birthdayMonth', months: [7, 8, 9] };
    const and: CrowdRule = { groups: [[level, visit, card]] };
    const or: CrowdRule = {
      groups: [
        [level, visit],
        [birthday, card],
      ],
    };
    const wantAnd = oracle(w, and).length;
    const wantOr = oracle(w, or).length;
    expect(await countOf(admin, and)).toBe(wantAnd);
    expect(await countOf(admin, or)).toBe(wantOr);
    expect(wantAnd).toBeLessThan(oracle(w, one(level)).length);
    expect(wantOr).toBeGreaterThan(oracle(w, { groups: [[level, visit]] }).length);
  });

  it('counts for a region user only the members of their stores, and refuses another region’s store', async () => {
    const rule: CrowdRule = { groups: [[{ kind: 'cards', mode: 'any', cardIds: [] }]] };
    const east = oracle(w, rule, (m) => m.regionId === eastRegion).length;
    expect(east).toBeGreaterThan(0);
    expect(east).toBeLessThan(oracle(w, rule).length);
    expect(await countOf(regionUser, rule)).toBe(east);

    const other = w.members.find((m) => m.regionId !== eastRegion)!.storeId;
    const before = await crowdRows();
    const bad = one({ kind: 'store', storeIds: [other], regionIds: [] });
    const counted = await regionUser.call(CROWD_API.count, { body: { rule: bad } });
    expect(counted.body.errcode).toBe(ERR.CROWD_CONDITION_INVALID);
    expect(counted.body.errmsg).toContain('不在您的数据范围内');
    const saved = await regionUser.call(CROWD_API.save, { body: { name: '越界人群', rule: bad } });
    expect(saved.body.errcode).toBe(ERR.CROWD_CONDITION_INVALID);
    expect(await crowdRows()).toBe(before);
  });

  it('refuses invalid conditions with their errcodes and writes nothing', async () => {
    const before = await crowdRows();
    const cases: [unknown, string, string][] = [
      [{ groups: [] }, ERR.PARAM_INVALID, '请添加条件'],
      [{ groups: [[{ kind: 'tags', tagIds: [1] }]] }, ERR.PARAM_INVALID, '条件类型无效'],
      [one({ kind: 'lastVisit', days: { min: 30, max: 7 } }), ERR.PARAM_INVALID, '上限不能小于下限'],
      [{ groups: [[{ kind: 'balance', amount: {} }]] }, ERR.PARAM_INVALID, '请填写储值余额的下限或上限'],
      [{ groups: [[{ kind: 'birthdayMonth', months: [13] }]] }, ERR.PARAM_INVALID, '月份无效'],
      [one({ kind: 'balance', amount: { max: 3_000_000_000 } }), ERR.PARAM_INVALID, '储值余额上限不能大于'],
      [{ groups: [[{ kind: 'level', levelIds: [] }]] }, ERR.PARAM_INVALID, '请选择会员等级'],
      [{ groups: [[{ kind: 'cards', mode: 'products', cardIds: [] }]] }, ERR.PARAM_INVALID, '请选择卡项'],
      [{ groups: [[{ kind: 'spend', days: 0, amount: { min: 1 } }]] }, ERR.PARAM_INVALID, '消费统计天数至少为 1'],
      [{ groups: [[{ kind: 'joined', from: '2026-02-30' }]] }, ERR.PARAM_INVALID, '不是有效的日期'],
      [one({ kind: 'level', levelIds: [pick.genders![0]!] }), ERR.CROWD_CONDITION_INVALID, '所选会员等级不存在'],
      [one({ kind: 'cards', mode: 'products', cardIds: [999_999] }), ERR.CROWD_CONDITION_INVALID, '所选卡项不存在'],
      [{ groups: [[{ kind: 'tag', tagIds: [] }]] }, ERR.PARAM_INVALID, '请选择会员标签'],
      [one({ kind: 'tag', tagIds: [999_999] }), ERR.CROWD_CONDITION_INVALID, '所选会员标签不存在或已停用'],
    ];
    for (const [rule, code, message] of cases) {
      const res = await admin.call(CROWD_API.save, { body: { name: '无效人群', rule } });
      expect(res.body.errcode, JSON.stringify(rule)).toBe(code);
      expect(JSON.stringify(res.body), JSON.stringify(rule)).toContain(message);
    }
    const noName = await admin.call(CROWD_API.save, {
      body: { name: ' ', rule: one({ kind: 'cards', mode: 'any', cardIds: [] }) },
    });
    expect(noName.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(await crowdRows()).toBe(before);
  });
});

describe('人群 snapshots', () => {
  it('freezes the members: a member added later is counted live, not in the snapshot', async () => {
    const today = w.today;
    const rule = one({ kind: 'joined', from: minusDays(today, 400), to: today });
    const saved = await admin.call(CROWD_API.save, { body: { name: '近期注册（测）', description: '测试', rule } });
    expect(saved.body.errcode, saved.body.errmsg).toBe(ERR.OK);
    const { id, count } = saved.body.data;
    const want = oracle(w, rule)
      .map((m) => m.id)
      .sort((a, b) => a - b);
    expect(count).toBe(want.length);

    const snap = await admin.call(CROWD_API.snapshot, { body: { id } });
    expect(snap.body.errcode, snap.body.errmsg).toBe(ERR.OK);
    const { snapshotId } = snap.body.data;
    expect(snap.body.data.count).toBe(want.length);

    const storeId = pick.stores![0]!;
    const added = await t.db.transaction((tx) =>
      createMember(tx, { name: '快照后新会员', phone: '13912340001', storeId, userId: null }),
    );
    expect(await countOf(admin, rule)).toBe(want.length + 1);

    const frozen: number[] = [];
    for (let after = 0; ; ) {
      const ids = await crowdMemberIds(t.db, snapshotId, after, 50);
      if (ids.length === 0) break;
      frozen.push(...ids);
      after = ids[ids.length - 1]!;
    }
    expect(frozen).toEqual(want);
    expect(frozen).not.toContain(added.id);

    const page = await admin.call(CROWD_API.snapshotMembers, { query: { snapshotId, pageNo: 1, pageSize: 10 } });
    expect(page.body.errcode).toBe(ERR.OK);
    expect(page.body.data.total).toBe(want.length);
    expect(page.body.data.list.map((r: CrowdMemberRow) => r.id)).toEqual(want.slice(0, 10));

    // The region user sees the snapshot's members of their stores only.
    const eastIds = new Set(w.members.filter((m) => m.regionId === eastRegion).map((m) => m.id));
    const theirs = await regionUser.call(CROWD_API.snapshotMembers, {
      query: { snapshotId, pageNo: 1, pageSize: 100 },
    });
    expect(theirs.body.data.total).toBe(want.filter((m) => eastIds.has(m)).length);

    const snaps = await admin.call(CROWD_API.snapshots, { query: { crowdId: id, pageNo: 1, pageSize: 10 } });
    expect(snaps.body.data.list.map((s) => [s.id, s.count])).toEqual([[snapshotId, want.length]]);
    const listed = await admin.call(CROWD_RESOURCE_API.list, { query: { name: '近期注册（测）' } });
    expect(listed.body.data.list[0]).toMatchObject({ lastCount: want.length, snapshotCount: 1 });

    // The export: one row per frozen member, through the download centre.
    const queued = await admin.call(CROWD_API.snapshotExport, { body: { snapshotId } });
    expect(queued.body.errcode, queued.body.errmsg).toBe(ERR.OK);
    expect(await runNextExport(t.db, 'test-worker')).toBe(queued.body.data.jobId);
    const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: queued.body.data.jobId });
    const sheet = await readSheet(file.bytes as Buffer);
    expect(sheet[0]).toContain('会员编号');
    expect(sheet.length - 1).toBe(want.length);

    // A region user may count and read but not snapshot (编辑 is head office's here).
    const refused = await regionUser.call(CROWD_API.snapshot, { body: { id } });
    expect(refused.status).toBe(403);
    const missing = await admin.call(CROWD_API.snapshot, { body: { id: 999_999 } });
    expect(missing.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect(
      Number(
        (
          await factRows<{ n: number }>(t.db, sql`select count(*)::int as n from crowd_snapshot where crowd_id = ${id}`)
        )[0]!.n,
      ),
    ).toBe(1);
  });
});
