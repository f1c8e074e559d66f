/**
 * /memberReceiveAudit: recording a 领用 for a store of one's scope, 通过 moving the store's stock out
 * in the same transaction (and nothing when stock is short), 驳回 with its reason, two auditors at
 * once, a region user's scope on every call, and the link to the member whose phone a record has.
 */
import { MEMBER_RESOURCE_API } from '@zb/contract/entities/member';
import { MEMBER_RECEIVE_API } from '@zb/contract/entities/memberReceive';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routeTable/define';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, grantRole, lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { member } from '../members/schema';
import { createMember } from '../members/service';
import { checkStockRollups } from '../stock/rollups';
import { stockMovement, storeStock } from '../stock/schema';
import { moveStock } from '../stock/service';
import { store } from '../stores/schema';
import { memberReceive } from './schema';
import { fieldErrors, okData, refused, signInHq, signInRegion } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
let sh: number; // 上海徐汇店, 华东 (李强's region)
let gz: number; // 广州天河店, 华南
let serum: number; // a test product counted in 瓶 of 50 ml
let mask: number; // a test product counted in 盒

const storeIdOf = async (code: string) =>
  (await t.db.select({ id: store.id }).from(store).where(eq(store.code, code)))[0]!.id;

const balance = async (storeId: number, productId: number) =>
  (
    await t.db
      .select({ q: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, productId)))
  )[0]?.q ?? 0;

const give = (storeId: number, productId: number, pieces: number) =>
  t.db.transaction((tx) =>
    moveStock(tx, [{ storeId, productId, pieces }], { kind: 'adjust', refType: 'test', refId: 1, userId: null }),
  );

const movementsOf = (id: number) =>
  t.db
    .select()
    .from(stockMovement)
    .where(and(eq(stockMovement.refType, 'member_receive'), eq(stockMovement.refId, id)));

const record = (over: Record<string, unknown> = {}) => ({
  storeId: sh,
  memberName: '周丽',
  areaCode: '0086',
  memberPhone: '13912345678',
  lines: [
    { productId: serum, quantity: 2 },
    { productId: mask, quantity: 1 },
  ],
  note: '上次购买未带走',
  ...over,
});

const create = async (c: TestClient, over: Record<string, unknown> = {}) =>
  okData(await c.call(MEMBER_RECEIVE_API.create!, { body: record(over) })).id;

const statusOf = async (id: number) =>
  (await t.db.select({ s: memberReceive.status }).from(memberReceive).where(eq(memberReceive.id, id)))[0]!.s;

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  li = await signInRegion(t);
  sh = await storeIdOf('SH001');
  gz = await storeIdOf('GZ001');
  const [a] = await t.db
    .insert(product)
    .values({ code: 'MR-SERUM', name: '测试固发精华', unit: '瓶', mlPerUnit: 50, retailPrice: 29800, costPrice: 9600 })
    .returning({ id: product.id });
  const [b] = await t.db
    .insert(product)
    .values({ code: 'MR-MASK', name: '测试修护发膜', unit: '盒', retailPrice: 18800, costPrice: 6000 })
    .returning({ id: product.id });
  serum = a!.id;
  mask = b!.id;
});
afterAll(() => t.close());

describe('the list', () => {
  it('shows the demo records in every state, with store, lines and who recorded them', async () => {
    for (const status of ['pending', 'approved', 'rejected']) {
      const page = okData(await zhang.call(MEMBER_RECEIVE_API.list, { query: { status } }));
      expect(page.total, status).toBeGreaterThan(0);
      expect(page.list.every((r) => r.status === status)).toBe(true);
    }
    const page = okData(await zhang.call(MEMBER_RECEIVE_API.list, { query: { status: 'rejected' } }));
    const row = page.list[0]!;
    expect(String(row.code)).toMatch(/^LY\d{8}$/);
    expect(row.storeName).toBeTruthy();
    expect(row.linesText).toMatch(/×\d/);
    const detail = okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id: row.id } }));
    expect(detail.rejectReason).toBeTruthy();
    expect(detail.auditedByName).toBe('张敏');
  });

  it('every approved demo record has moved its store’s stock out', async () => {
    const approved = okData(
      await zhang.call(MEMBER_RECEIVE_API.list, { query: { status: 'approved', pageSize: 100 } }),
    );
    for (const r of approved.list) {
      const moves = await movementsOf(r.id);
      expect(moves.length, String(r.code)).toBeGreaterThan(0);
      expect(moves.every((m) => m.quantity < 0 && m.kind === 'memberReceive')).toBe(true);
    }
  });
});

describe('the member a record is for', () => {
  const memberIdOf = async (id: number) =>
    (await t.db.select({ m: memberReceive.memberId }).from(memberReceive).where(eq(memberReceive.id, id)))[0]!.m;

  it('links the demo records whose phone is a member’s, and the list shows the member’s code', async () => {
    const all = okData(await zhang.call(MEMBER_RECEIVE_API.list, { query: { pageSize: 100 } }));
    const linked = all.list.filter((r) => r.memberCode);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(all.total);
    const members = await t.db
      .select({ code: member.code, phone: member.phone, name: member.name })
      .from(member)
      .where(
        inArray(
          member.code,
          linked.map((r) => String(r.memberCode)),
        ),
      );
    for (const r of linked) {
      const m = members.find((x) => x.code === r.memberCode)!;
      expect([r.memberPhone, r.memberName]).toEqual([m.phone, m.name]);
    }
    // No record left unlinked whose phone is a member's.
    const phones = all.list.filter((r) => !r.memberCode).map((r) => String(r.memberPhone));
    expect(await t.db.select().from(member).where(inArray(member.phone, phones))).toHaveLength(0);
    const byCode = okData(
      await zhang.call(MEMBER_RECEIVE_API.list, { query: { memberCode: String(linked[0]!.memberCode) } }),
    );
    expect(byCode.list.map((r) => r.id)).toContain(linked[0]!.id);
  });

  it('points a new record at the member whose phone it gives, and at none for another phone', async () => {
    const [m] = await t.db
      .select({ id: member.id, code: member.code, phone: member.phone })
      .from(member)
      .orderBy(asc(member.id))
      .limit(1);
    const theirs = await create(zhang, { memberPhone: m!.phone, memberName: '到店领取人' });
    expect(await memberIdOf(theirs)).toBe(m!.id);
    const row = okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id: theirs } }));
    expect(row).toMatchObject({ memberCode: m!.code, memberName: '到店领取人' });
    const stranger = await create(zhang, { memberPhone: '13922223333' });
    expect(await memberIdOf(stranger)).toBeNull();
    expect(okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id: stranger } })).memberCode).toBeNull();
  });

  it('links earlier records when their phone becomes a member’s: registered, or a member’s phone changed to it', async () => {
    const first = await create(zhang, { memberPhone: '13933334444' });
    const { id: newcomer } = await t.db.transaction((tx) =>
      createMember(tx, { name: '新会员', phone: '13933334444', storeId: sh, userId: null }),
    );
    expect(await memberIdOf(first)).toBe(newcomer);
    const second = await create(zhang, { memberPhone: '13944445555' });
    okData(await zhang.call(MEMBER_RESOURCE_API.update!, { body: { id: newcomer, phone: '13944445555' } }));
    expect(await memberIdOf(second)).toBe(newcomer);
    // The first record stays theirs: it was them who came.
    expect(await memberIdOf(first)).toBe(newcomer);
  });
});

describe('recording a 领用', () => {
  it('starts 待审核 with its lines and whoever recorded it, in the operation log', async () => {
    const id = await create(zhang);
    const row = okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id } }));
    expect(row).toMatchObject({
      status: 'pending',
      storeName: '上海徐汇店',
      memberName: '周丽',
      memberPhone: '13912345678',
      linesText: '测试固发精华 ×2瓶、测试修护发膜 ×1盒',
      totalPieces: 3,
      createdByName: '张敏',
      auditedAt: null,
    });
    expect(row.lines).toEqual([
      { productId: serum, quantity: 2 },
      { productId: mask, quantity: 1 },
    ]);
    expect((await lastOperation(t.db, 'memberReceive.create'))?.target).toBe(`memberReceive:${id}`);
  });

  it('refuses a bad phone, no lines, a product twice, and a store outside the caller’s scope', async () => {
    const phone = await zhang.call(MEMBER_RECEIVE_API.create!, { body: record({ memberPhone: '23912345678' }) });
    expect(fieldErrors(phone).memberPhone).toBe('请输入以 1 开头的 11 位手机号');
    expect(fieldErrors(await zhang.call(MEMBER_RECEIVE_API.create!, { body: record({ lines: [] }) })).lines).toBe(
      '请添加领用商品',
    );
    const twice = await zhang.call(MEMBER_RECEIVE_API.create!, {
      body: record({
        lines: [
          { productId: serum, quantity: 1 },
          { productId: serum, quantity: 2 },
        ],
      }),
    });
    expect(fieldErrors(twice).lines).toBe('同一商品只能出现一次，请合并数量');
    const outside = await li.call(MEMBER_RECEIVE_API.create!, { body: record({ storeId: gz }) });
    expect(fieldErrors(outside).storeId).toBe('请选择您数据范围内的门店');
  });
});

describe('audit', () => {
  it('通过 moves the lines out of the store’s stock in base units, with movements and a log row', async () => {
    await give(sh, serum, 5);
    await give(sh, mask, 3);
    const serumBefore = await balance(sh, serum);
    const maskBefore = await balance(sh, mask);
    const id = await create(zhang);
    const answer = await zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: true } });
    expect(answer.body.errmsg).toBe('审核通过，已扣减门店库存');
    expect(okData(answer)).toEqual({ id, status: 'approved' });
    expect(await balance(sh, serum)).toBe(serumBefore - 100); // 2 瓶 × 50 ml
    expect(await balance(sh, mask)).toBe(maskBefore - 1);
    const moves = await movementsOf(id);
    expect(moves.map((m) => [m.productId, m.quantity, m.kind]).sort()).toEqual(
      [
        [serum, -100, 'memberReceive'],
        [mask, -1, 'memberReceive'],
      ].sort(),
    );
    const row = okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id } }));
    expect(row).toMatchObject({ status: 'approved', auditedByName: '张敏', rejectReason: null });
    const log = await lastOperation(t.db, 'memberReceive.approve');
    expect(log).toMatchObject({
      target: `memberReceive:${id}`,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });

    // Decided once: a second decision is refused with its own code and changes nothing.
    const again = await zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: false, reason: '重复' } });
    refused(again, ERR.MEMBER_RECEIVE_DECIDED, /已被审核（已通过）/);
    expect(await statusOf(id)).toBe('approved');
    expect(await movementsOf(id)).toHaveLength(2);
  });

  it('通过 with too little stock is refused with STOCK-40901 and changes nothing', async () => {
    const hz = await storeIdOf('HZ001');
    await give(hz, mask, 1);
    const id = await create(zhang, {
      storeId: hz,
      lines: [
        { productId: mask, quantity: 1 },
        { productId: serum, quantity: 1 },
      ],
    });
    const res = await zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: true } });
    refused(res, ERR.STOCK_SHORT, /「测试固发精华」库存不足/);
    expect(await statusOf(id)).toBe('pending');
    expect(await balance(hz, mask)).toBe(1);
    expect(await movementsOf(id)).toHaveLength(0);
  });

  it('驳回 needs a reason, keeps it, and leaves stock alone', async () => {
    const id = await create(zhang);
    const before = await balance(sh, serum);
    const noReason = await zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: false, reason: '  ' } });
    expect(fieldErrors(noReason).reason).toBe('请填写驳回原因');
    okData(await zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: false, reason: '会员未完成付款' } }));
    const row = okData(await zhang.call(MEMBER_RECEIVE_API.detail, { params: { id } }));
    expect(row).toMatchObject({ status: 'rejected', rejectReason: '会员未完成付款' });
    expect(await balance(sh, serum)).toBe(before);
    expect(await movementsOf(id)).toHaveLength(0);
  });

  it('of two auditors at once, one wins and the other is told with MEMRCV-40901', async () => {
    await give(sh, serum, 2);
    const id = await create(zhang, { lines: [{ productId: serum, quantity: 1 }] });
    const before = await balance(sh, serum);
    const other = await signInHq(t);
    const [a, b] = await Promise.all([
      zhang.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: true } }),
      other.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: false, reason: '重复登记' } }),
    ]);
    const codes = [a.body.errcode, b.body.errcode].sort();
    expect(codes).toEqual([ERR.OK, ERR.MEMBER_RECEIVE_DECIDED].sort());
    const won = a.body.errcode === ERR.OK ? 'approved' : 'rejected';
    expect(await statusOf(id)).toBe(won);
    expect(await balance(sh, serum)).toBe(won === 'approved' ? before - 50 : before);
    expect(await movementsOf(id)).toHaveLength(won === 'approved' ? 1 : 0);
  });

  it('a region user audits their region’s records only', async () => {
    await give(sh, mask, 1);
    const mine = await create(li, { lines: [{ productId: mask, quantity: 1 }] });
    expect(okData(await li.call(MEMBER_RECEIVE_API.detail, { params: { id: mine } })).createdByName).toBe('李强');
    okData(await li.call(MEMBER_RECEIVE_API.audit, { body: { id: mine, pass: true } }));
    expect(await statusOf(mine)).toBe('approved');

    const theirs = await create(zhang, { storeId: gz, lines: [{ productId: mask, quantity: 1 }] });
    refused(
      await li.call(MEMBER_RECEIVE_API.audit, { body: { id: theirs, pass: false, reason: '越权' } }),
      ERR.RECORD_NOT_FOUND,
    );
    expect(await statusOf(theirs)).toBe('pending');
  });

  it('needs the page’s 审核 button', async () => {
    const userId = await createUser(t.db, { loginName: 'receive_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'RECEIVE_VIEW',
      name: '领用只读',
      contentName: '总部',
      codes: ['ZBHT-MDGL', resourceCode('ZBHT-MDGL', '/memberReceiveAudit')],
    });
    const viewer = await t.signIn('receive_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    const id = await create(zhang);
    expect(okData(await viewer.call(MEMBER_RECEIVE_API.detail, { params: { id } })).status).toBe('pending');
    const res = await viewer.call(MEMBER_RECEIVE_API.audit, { body: { id, pass: false, reason: '无权' } });
    expect(res.status).toBe(403);
    expect((await viewer.call(MEMBER_RECEIVE_API.create!, { body: record() })).status).toBe(403);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('the stock rollups', () => {
  it('equal a rebuild from store_stock after every stock change above, made in the same transactions', async () => {
    const check = await checkStockRollups(t.db);
    expect(check.tables.filter((x) => x.keptOnly || x.rebuiltOnly)).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
