/**
 * 闭店迁移 through the API (modules/memberMoves): refusals change nothing; a closure moves every
 * member of the store with their cards' value to the receiving store — each moved card's value
 * unchanged on its successor, the chain's total unchanged to the 分, the closing store holding
 * nothing and the receiving store what was moved — closes the store, and a rerun moves nothing
 * twice; a member whose move fails keeps everything, is retried and then moved; the records
 * (/memAccountDetail, /umsMemberSwitchRecord, /memberMigration) equal the moves; the ledger
 * invariants and the member rollups hold after all of it.
 */
import { MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { MEM_ACCOUNT_DETAIL, MEMBER_MIGRATION_VIEW, MEMBER_SWITCH_RECORD } from '@zb/contract/reports/memberMoves';
import { routeByPath } from '@zb/contract/routes';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataScope } from '../../platform/scope';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { checkMemberRollups } from '../members/rollups';
import { closureRun, resumeLostClosures, runClosure, startClosure } from './service';

let t: TestApp;
let admin: TestClient;
let eastManager: TestClient;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const q = async <T = Record<string, number>>(s: SQL) => rowsOf<T>(await t.db.execute(s));
const one = async (s: SQL) => Number(Object.values((await q(s))[0]!)[0]);

/** What a store's cards hold: 本金, 赠送, sessions (Σ over member_card, independent of the service). */
const holds = async (storeId: number) =>
  (
    await q<{ a: number; b: number; s: number }>(sql`select coalesce(sum(balance), 0)::int as a,
      coalesce(sum(bonus_balance), 0)::int as b, coalesce(sum(sessions_left), 0)::int as s
      from member_card where store_id = ${storeId}`)
  ).map((r) => ({ a: Number(r.a), b: Number(r.b), s: Number(r.s) }))[0]!;
const chain = async () =>
  (
    await q(sql`select coalesce(sum(balance), 0)::bigint + coalesce(sum(bonus_balance), 0)::bigint as v,
  coalesce(sum(sessions_left), 0)::bigint as s from member_card`)
  )[0]!;

/** The rows a refusal must leave as they are. */
const footprint = async () =>
  q(sql`select (select count(*) from store_closure)::int as c, (select count(*) from member_move)::int as m,
    (select count(*) from card_ledger)::int as l, (select count(*) from member_card)::int as k,
    (select count(*) from store where status = 'closed')::int as s, (select count(*) from member_switch)::int as w`);

/** An open store with members holding value on its cards, and an open store of the same level to receive them. */
const pickStores = async (region: string, skip: number[] = []) => {
  const [row] = await q<{
    a: number;
    b: number;
  }>(sql`select s.id as a, (select r.id from store r where r.status = 'open'
      and r.id <> s.id and r.level_id is not distinct from s.level_id and r.region_id = s.region_id order by r.id limit 1) as b
    from store s join region g on g.id = s.region_id
    where s.status = 'open' and g.name = ${region} and s.id not in (${sql.join(
      [0, ...skip].map((x) => sql`${x}::int`),
      sql`, `,
    )})
      and exists (select 1 from member_card c where c.store_id = s.id and (c.balance > 0 or c.sessions_left > 0))
      and exists (select 1 from store r where r.status = 'open' and r.id <> s.id
        and r.level_id is not distinct from s.level_id and r.region_id = s.region_id)
    order by (select count(*) from member_card c where c.store_id = s.id) desc, s.id limit 1`);
  return { from: Number(row!.a), to: Number(row!.b) };
};

const ok = async <T>(p: Promise<{ body: { errcode: string; errmsg: string; data: T } }>): Promise<T> => {
  const r = await p;
  expect(r.body.errcode, r.body.errmsg).toBe(ERR.OK);
  return r.body.data;
};

/** Every card: balance, bonus and sessions equal the sums of its ledger rows; the rollups equal a rebuild. */
const expectLedgerInvariants = async () => {
  expect(
    await one(sql`select count(*)::int from member_card c
    left join lateral (select coalesce(sum(amount), 0)::int as a, coalesce(sum(bonus_amount), 0)::int as b
      from card_ledger l where l.member_card_id = c.id) s on true
    where c.kind = 'stored' and (c.balance <> s.a or c.bonus_balance <> s.b)`),
  ).toBe(0);
  expect(
    await one(sql`select count(*)::int from member_card_session s
    where s.remaining <> (select coalesce(sum(sessions), 0)::int from card_ledger l
      where l.member_card_id = s.member_card_id and l.project_id = s.project_id)`),
  ).toBe(0);
  expect((await checkMemberRollups(t.db)).ok).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  eastManager = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  // Opening the seeded database can take minutes on a loaded machine.
}, 300_000);
afterAll(() => t?.close());

describe('闭店迁移', { timeout: 300_000 }, () => {
  it('refuses a closure that cannot be, changing nothing', async () => {
    const { from, to } = await pickStores('华北大区');
    const closed = await one(sql`select id from store where status = 'closed' order by id limit 1`);
    const before = await footprint();
    const start = (c: TestClient, body: { storeId: number; toStoreId: number }) =>
      c.call(MEMBER_MOVE_API.start, { body });
    expect((await start(admin, { storeId: from, toStoreId: from })).body.errcode).toBe(ERR.MOVE_INVALID);
    const toClosed = await start(admin, { storeId: from, toStoreId: closed });
    expect(toClosed.body.errcode).toBe(ERR.MOVE_INVALID);
    expect(toClosed.body.errmsg).toContain('已闭店');
    expect((await start(admin, { storeId: closed, toStoreId: to })).body.errcode).toBe(ERR.MOVE_STORE_CLOSED);
    // A member not of the store named for a receiving store of their own.
    const stranger = await one(sql`select id from member where store_id <> ${from} and id not in (
      select member_id from member_card where store_id = ${from}) order by id limit 1`);
    expect(
      (
        await admin.call(MEMBER_MOVE_API.start, {
          body: { storeId: from, toStoreId: to, members: [{ memberId: stranger, toStoreId: to }] },
        })
      ).body.errcode,
    ).toBe(ERR.MOVE_INVALID);
    // Out of scope: a 华东 manager closing a 华北 store (and reading its members).
    expect((await start(eastManager, { storeId: from, toStoreId: to })).body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect((await eastManager.call(MEMBER_MOVE_API.preview, { query: { storeId: from } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    // No permission: the page's code without its 审核 button.
    const page = routeByPath('/close')!;
    const userId = await createUser(t.db, { loginName: 'closeview', password: 'view123456' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'CLOSE_VIEW',
      name: '闭店迁移查看',
      contentName: '华北大区',
      codes: [page.group, ...page.codes],
    });
    const viewer = await t.signIn('closeview', 'view123456', await grantRole(t.db, userId, contentRoleId));
    expect((await start(viewer, { storeId: from, toStoreId: to })).body.errcode).toBe(ERR.FORBIDDEN);
    expect(buttonCodeOf('/close', 'audit')).toBeTruthy();
    expect(await footprint()).toEqual(before);
  });

  it('moves every member with their value to the receiving store, closes the store, and never twice', async () => {
    const { from, to } = await pickStores('华北大区');
    const preview = await ok(admin.call(MEMBER_MOVE_API.preview, { query: { storeId: from } }));
    const cards = await q<{ id: number; balance: number | null; bonus: number | null; sessions: number; card: number }>(
      sql`select id, balance, bonus_balance as bonus, sessions_left as sessions, card_id as card from member_card
        where store_id = ${from} and (coalesce(balance, 0) > 0 or coalesce(bonus_balance, 0) > 0 or sessions_left > 0) order by id`,
    );
    const byId = (a: number, b: number) => a - b;
    expect(preview.members.flatMap((m) => m.cards.map((c) => c.memberCardId)).sort(byId)).toEqual(
      cards.map((c) => c.id),
    );
    const homeMembers = (await q<{ id: number }>(sql`select id from member where store_id = ${from} order by id`)).map(
      (r) => r.id,
    );
    const sessionsBefore = await q<{ card: number; project: number; remaining: number }>(
      sql`select s.member_card_id as card, s.project_id as project, s.remaining from member_card_session s
        join member_card c on c.id = s.member_card_id where c.store_id = ${from} and s.remaining > 0`,
    );
    const chainBefore = await chain();
    const fromBefore = await holds(from);
    const toBefore = await holds(to);
    // One member goes to a receiving store of their own (another open store of the region).
    const other = await one(sql`select id from store where status = 'open' and id not in (${from}, ${to})
      and region_id = (select region_id from store where id = ${from})
      and level_id is not distinct from (select level_id from store where id = ${from}) order by id limit 1`);
    const own = preview.members.find((m) => m.cards.length > 0)!;
    const started = await ok(
      admin.call(MEMBER_MOVE_API.start, {
        body: {
          storeId: from,
          toStoreId: to,
          reason: '测试闭店',
          members: [{ memberId: own.memberId, toStoreId: other }],
        },
      }),
    );
    await closureRun(started.id);
    const closure = await ok(admin.call(MEMBER_MOVE_API.closure, { query: { id: started.id } }));
    expect(closure).toMatchObject({
      status: 'done',
      total: preview.members.length,
      moved: preview.members.length,
      failed: 0,
    });
    expect(closure.amount).toBe(preview.amount);
    expect(closure.sessions).toBe(preview.sessions);
    expect(await one(sql`select count(*)::int from store where id = ${from} and status = 'closed'`)).toBe(1);

    // Each moved card: emptied, its value on a successor of the same product at the receiving store.
    const links = await q<{
      fromId: number;
      toId: number;
      store: number;
      balance: number | null;
      bonus: number | null;
      card: number;
    }>(
      sql`select x.from_card_id as "fromId", x.to_card_id as "toId", n.store_id as store, n.balance, n.bonus_balance as bonus,
        n.card_id as card from member_move_card x join member_card n on n.id = x.to_card_id
        join member_move mv on mv.id = x.move_id where mv.closure_id = ${started.id} order by x.from_card_id`,
    );
    expect(links.map((l) => l.fromId)).toEqual(cards.map((c) => c.id));
    for (const [i, l] of links.entries()) {
      const c = cards[i]!;
      expect({ balance: l.balance, bonus: l.bonus, card: l.card }).toEqual({
        balance: c.balance,
        bonus: c.bonus,
        card: c.card,
      });
      const mine = own.cards.some((x) => x.memberCardId === c.id);
      expect(Number(l.store)).toBe(mine ? other : to);
    }
    const sessionsAfter = await q<{ card: number; project: number; remaining: number }>(
      sql`select x.from_card_id as card, s.project_id as project, s.remaining from member_move_card x
        join member_card_session s on s.member_card_id = x.to_card_id
        join member_move mv on mv.id = x.move_id where mv.closure_id = ${started.id} and s.remaining > 0`,
    );
    const key = (r: { card: number; project: number; remaining: number }) => `${r.card}:${r.project}:${r.remaining}`;
    expect(sessionsAfter.map(key).sort()).toEqual(sessionsBefore.map(key).sort());

    // The chain to the 分; the closing store holds nothing; the receivers hold what was moved.
    expect(await chain()).toEqual(chainBefore);
    expect(await holds(from)).toEqual({ a: 0, b: 0, s: 0 });
    const toAfter = await holds(to);
    const otherMoved = links.filter((l) => Number(l.store) === other);
    const sum = (ls: typeof links, k: 'balance' | 'bonus') => ls.reduce((n, l) => n + (l[k] ?? 0), 0);
    const toMoved = links.filter((l) => Number(l.store) === to);
    expect(toAfter.a - toBefore.a).toBe(sum(toMoved, 'balance'));
    expect(toAfter.b - toBefore.b).toBe(sum(toMoved, 'bonus'));
    expect(toAfter.a - toBefore.a + sum(otherMoved, 'balance')).toBe(fromBefore.a);
    // Home stores followed; each switch names its move.
    expect(await one(sql`select count(*)::int from member where store_id = ${from}`)).toBe(0);
    const switches = await q<{ member: number; source: string }>(
      sql`select w.member_id as member, w.source from member_switch w join member_move mv on mv.id = w.move_id
        where mv.closure_id = ${started.id} order by w.member_id`,
    );
    expect(switches.map((s) => Number(s.member))).toEqual(homeMembers);
    expect(switches.every((s) => s.source === 'closure')).toBe(true);

    // A rerun and a second closure move nothing.
    const ledgerRows = await one(sql`select count(*)::int from card_ledger`);
    await runClosure(t.db, started.id);
    expect((await admin.call(MEMBER_MOVE_API.start, { body: { storeId: from, toStoreId: to } })).body.errcode).toBe(
      ERR.MOVE_STORE_CLOSED,
    );
    expect(await one(sql`select count(*)::int from card_ledger`)).toBe(ledgerRows);
    expect(await chain()).toEqual(chainBefore);

    // The records equal the moves.
    const detail = await reportAll(admin, MEM_ACCOUNT_DETAIL, { closureNo: started.closureNo });
    expect(detail.total).toBe(links.length);
    expect(Number(detail.totals?.amount)).toBe(preview.amount);
    expect(Number(detail.totals?.bonus)).toBe(preview.bonus);
    const switchRecord = await reportAll(admin, MEMBER_SWITCH_RECORD, { source: 'closure' });
    expect(switchRecord.list.filter((r) => r.closureNo === started.closureNo)).toHaveLength(homeMembers.length);
    const tab = await reportAll(admin, MEMBER_MIGRATION_VIEW, { memberId: own.memberId });
    expect(tab.list.find((r) => r.closureNo === started.closureNo)).toMatchObject({ kind: 'closure', status: 'done' });
    expect(Number(tab.totals?.amount)).toBe(own.cards.reduce((n, c) => n + (c.balance ?? 0), 0));
    // Out of scope: the 华东 manager sees neither the closure nor the member's tab.
    expect((await eastManager.call(MEMBER_MOVE_API.closure, { query: { id: started.id } })).body.errcode).toBe(
      ERR.RECORD_NOT_FOUND,
    );
    expect((await reportAll(eastManager, MEMBER_MIGRATION_VIEW, { memberId: own.memberId })).total).toBe(0);
    await expectLedgerInvariants();
  });

  it('keeps a member whose move fails as they were, and moves them on retry', async () => {
    const { from, to } = await pickStores('华南大区');
    // A card product of the store made unusable at the receiving store's level.
    const [victim] = await q<{ member: number; card: number; product: number }>(
      sql`select member_id as member, id as card, card_id as product from member_card
        where store_id = ${from} and (coalesce(balance, 0) > 0 or sessions_left > 0) order by id limit 1`,
    );
    const [product] = await q<{ scope: string; levels: string }>(
      sql`select usable_scope as scope, store_level_ids::text as levels from card where id = ${victim!.product}`,
    );
    await t.db.execute(
      sql`update card set usable_scope = 'levels', store_level_ids = '{}' where id = ${victim!.product}`,
    );
    const holders = await one(sql`select count(distinct member_id)::int from member_card
      where store_id = ${from} and card_id = ${victim!.product} and (coalesce(balance, 0) > 0 or coalesce(bonus_balance, 0) > 0 or sessions_left > 0)`);
    const card = await q(
      sql`select balance, bonus_balance, sessions_left, store_id from member_card where id = ${victim!.card}`,
    );
    const chainBefore = await chain();
    const started = await ok(admin.call(MEMBER_MOVE_API.start, { body: { storeId: from, toStoreId: to } }));
    await closureRun(started.id);
    const closure = await ok(admin.call(MEMBER_MOVE_API.closure, { query: { id: started.id } }));
    expect(closure).toMatchObject({ status: 'partial', failed: holders });
    const failed = await ok(
      admin.call(MEMBER_MOVE_API.closureMembers, {
        query: { closureId: started.id, status: 'failed', pageNo: 1, pageSize: 10 },
      }),
    );
    expect(failed.total).toBe(holders);
    expect(failed.list.find((m) => m.memberId === victim!.member)?.error).toContain('不适用于接收门店');
    // Nothing of theirs changed; the store is not closed while a member is left.
    expect(
      await q(sql`select balance, bonus_balance, sessions_left, store_id from member_card where id = ${victim!.card}`),
    ).toEqual(card);
    expect(await one(sql`select count(*)::int from store where id = ${from} and status = 'open'`)).toBe(1);
    expect(await chain()).toEqual(chainBefore);
    // The product usable again: a retry moves them and closes the store.
    await t.db.execute(
      sql`update card set usable_scope = ${product!.scope}, store_level_ids = ${product!.levels}::int[] where id = ${victim!.product}`,
    );
    expect(await ok(admin.call(MEMBER_MOVE_API.retry, { body: { closureId: started.id } }))).toEqual({
      retried: holders,
    });
    await closureRun(started.id);
    expect(await ok(admin.call(MEMBER_MOVE_API.closure, { query: { id: started.id } }))).toMatchObject({
      status: 'done',
      failed: 0,
    });
    expect(await holds(from)).toEqual({ a: 0, b: 0, s: 0 });
    expect(await chain()).toEqual(chainBefore);
    expect((await admin.call(MEMBER_MOVE_API.retry, { body: { closureId: started.id } })).body.errcode).toBe(
      ERR.STATE_CHANGED,
    );
    await expectLedgerInvariants();
  });

  it('takes up a run that stopped (a restart): the lapsed lease is claimed once and every member moved', async () => {
    const used = await q<{ id: number }>(sql`select store_id as id from store_closure`);
    const { from, to } = await pickStores(
      '华东大区',
      used.map((u) => Number(u.id)),
    );
    const chainBefore = await chain();
    // The closure is written as the request writes it; its run "dies" before moving anyone.
    const [adminId] = await q<{ id: number }>(sql`select id from user_account where login_name = 'admin'`);
    const c = await startClosure(
      t.db,
      { userId: Number(adminId!.id), scope: { level: 'hq' } as DataScope },
      {
        storeId: from,
        toStoreId: to,
        reason: '重启前开始的闭店',
      },
    );
    const pending = await one(
      sql`select count(*)::int from member_move where closure_id = ${c.id} and status = 'pending'`,
    );
    expect(Number(pending)).toBeGreaterThan(0);
    // While its lease holds, nobody takes it.
    expect(await resumeLostClosures(t.db)).toEqual([]);
    await t.db.execute(sql`update store_closure set locked_until = now() - interval '1 second' where id = ${c.id}`);
    // Two instances' jobs at once: one claims it, the other finds nothing.
    const [a, b] = await Promise.all([resumeLostClosures(t.db), resumeLostClosures(t.db)]);
    expect([...a, ...b]).toEqual([c.id]);
    const closure = await ok(admin.call(MEMBER_MOVE_API.closure, { query: { id: c.id } }));
    expect(closure).toMatchObject({ status: 'done' });
    expect(await one(sql`select count(*)::int from member_move where closure_id = ${c.id} and status <> 'done'`)).toBe(
      0,
    );
    expect(await holds(from)).toEqual({ a: 0, b: 0, s: 0 });
    expect(await chain()).toEqual(chainBefore);
    await expectLedgerInvariants();
  });
});
