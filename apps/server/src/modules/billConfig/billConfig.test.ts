/**
 * The configuration the bill flows read, and its enforcement through POST /open/v1/bills:
 * /signBill (a manager's monthly 签单 quota: refused whole past it, under 5 parallel bills too,
 * a refunded 签单 gives the quota back; data scope and permissions), /drawLimitConfig (most
 * sessions of a project per day and month, refused by the ledger, the bill refused whole, under
 * parallel bills too), /storeLevel (open list, rules on levels in use, order) and the
 * /StoreWrittenReport report against the facts.
 */

import { APPROVAL_API } from '@zb/contract/api/approvals';
import { REFUND_API } from '@zb/contract/api/refunds';
import { DRAW_LIMIT_API, SIGN_QUOTA_API, STORE_LEVEL_API } from '@zb/contract/entities/billConfig';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import type { OpenRefundAnswer } from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { STORE_WRITTEN_REPORT } from '@zb/contract/reports/billConfig';
import { resourceApi } from '@zb/contract/resource/api';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { reportCall } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { billPayment } from '../bills/schema';
import { card, product, project } from '../goods/schema';
import { fieldErrors, okData, refused } from '../goods/testHelpers';
import { masterItem } from '../master/schema';
import type { DrawTake } from '../members/ledger';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { refund } from '../refunds/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { checkDrawLimits } from './drawEnforce';
import { signQuota } from './schema';

let t: TestApp;
let hq: TestClient;
let region: TestClient;
let viewer: TestClient;
let bj001 = 0;
const price = { P001: 0, C001: 0 };
/** BJ001's staff other than its manager, by phone (each test takes its own signer). */
const signers: string[] = [];
let seq = 0;
let phoneSeq = 0;

const AT = '2026-11-20T10:30:00+08:00';
const no = () => `CFG${Date.now()}-${++seq}`;
const post = (doc: Record<string, unknown>) => openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.bills, doc);

const newMember = async () => {
  const phone = `1390004${String(++phoneSeq).padStart(4, '0')}`;
  await t.db.transaction((tx) =>
    createMember(tx, { name: `配置会员${phoneSeq}`, phone, storeId: bj001, userId: null, joinedAt: new Date(AT) }),
  );
  return phone;
};

/** A retail bill of one P001 paid by 签单 of `signer`. */
const signedBill = (member: string, signer: string, at = AT) =>
  post({
    outerNo: no(),
    storeCode: 'BJ001',
    member,
    at,
    lines: [{ kind: 'product', code: 'P001' }],
    payments: [{ method: 'signBill', amount: price.P001, signerPhone: signer }],
  });

const bills = async () => Number((await t.db.select({ n: count() }).from(memberConsume))[0]!.n);

const code = (page: string, button?: string) => {
  const group = 'ZBHT-JCGL';
  return button ? `${group}:${page}:${button}` : `${group}:${page}`;
};

const REPORT_CODES = ['ZBHT-BBHZ', 'ZBHT-BBHZ:StoreWrittenReport'];

beforeAll(async () => {
  t = await createTestApp();
  price.P001 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P001')))[0]!.p;
  price.C001 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C001')))[0]!.p;
  bj001 = (await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001')))[0]!.id;
  // Staff of BJ001 besides its manager, one signer per test.
  const team = await t.db
    .insert(staff)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        storeId: bj001,
        name: `签单测试${i + 1}`,
        phone: `1370000${String(i + 1).padStart(4, '0')}`,
        entryDate: '2024-01-01',
        status: 'active',
      })),
    )
    .returning({ phone: staff.phone });
  signers.push(...team.map((s) => s.phone));

  const editCodes = [
    'ZBHT-JCGL',
    code('signBill'),
    code('signBill', 'edit'),
    code('drawLimitConfig'),
    code('drawLimitConfig', 'edit'),
    code('basicProps'),
    code('basicProps', 'add'),
    code('basicProps', 'edit'),
    code('basicProps', 'delete'),
    ...REPORT_CODES,
  ];
  const hqRole = await createRole(t.db, { code: 'CFG_HQ', name: '配置总部', contentName: '总部', codes: editCodes });
  const hqUser = await createUser(t.db, { loginName: '13800000071', phone: '13800000071', password: 'cfg12345' });
  hq = await t.signIn('13800000071', 'cfg12345', await grantRole(t.db, hqUser, hqRole.contentRoleId));
  const regionRole = await createRole(t.db, {
    code: 'CFG_REGION',
    name: '配置大区',
    contentName: '华东大区',
    codes: ['ZBHT-JCGL', code('signBill'), code('signBill', 'edit'), ...REPORT_CODES],
  });
  const regionUser = await createUser(t.db, { loginName: '13800000072', phone: '13800000072', password: 'cfg12345' });
  region = await t.signIn('13800000072', 'cfg12345', await grantRole(t.db, regionUser, regionRole.contentRoleId));
  // 李强 (大区经理) holds no 基础管理 page at all.
  viewer = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t?.close());

describe('/signBill quotas', () => {
  it('lists the seeded quota of BJ001’s manager with this month’s used and left amounts', async () => {
    const page = okData(await hq.call(SIGN_QUOTA_API.list, { query: { storeName: '北京朝阳店' } }));
    expect(page.total).toBeGreaterThanOrEqual(1);
    const row = page.list[0]!;
    expect(row.monthlyQuota).toBe(500_000);
    expect(row.leftThisMonth).toBe(row.monthlyQuota - (row.usedThisMonth ?? 0));
    const [used] = await t.db
      .select({ n: sql<number>`coalesce(sum(${billPayment.amount} - ${billPayment.refunded}), 0)::int` })
      .from(billPayment)
      .innerJoin(memberConsume, eq(memberConsume.id, billPayment.consumeId))
      .where(
        sql`${billPayment.method} = 'signBill' and ${memberConsume.storeId} = ${bj001}
          and ${memberConsume.consumedAt} >= (date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`,
      );
    expect(row.usedThisMonth).toBe(Number(used!.n));
  });

  it('refuses an unknown phone, a second quota of the same manager, and writes without 编辑', async () => {
    expect(
      fieldErrors(
        await hq.call(SIGN_QUOTA_API.create!, {
          body: { enabled: true, staffPhone: '13999999999', monthlyQuota: 100 },
        }),
      ).staffPhone,
    ).toContain('不是本系统的员工');
    okData(
      await hq.call(SIGN_QUOTA_API.create!, { body: { enabled: true, staffPhone: signers[0], monthlyQuota: 10_000 } }),
    );
    expect(
      fieldErrors(
        await hq.call(SIGN_QUOTA_API.create!, { body: { enabled: true, staffPhone: signers[0], monthlyQuota: 100 } }),
      ).staffPhone,
    ).toContain('已有签单额度');
    expect(
      fieldErrors(
        await hq.call(SIGN_QUOTA_API.create!, { body: { enabled: true, staffPhone: signers[1], monthlyQuota: 0 } }),
      ).monthlyQuota,
    ).toBeTruthy();
    refused(await viewer.call(SIGN_QUOTA_API.list, {}), ERR.FORBIDDEN);
    refused(
      await viewer.call(SIGN_QUOTA_API.create!, { body: { enabled: true, staffPhone: signers[1], monthlyQuota: 100 } }),
      ERR.FORBIDDEN,
    );
  });

  it('holds a region user to its stores: lists only them and cannot set a quota at BJ001', async () => {
    const page = okData(await region.call(SIGN_QUOTA_API.list, { query: { pageSize: 100 } }));
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => ['上海徐汇店', '上海静安店', '杭州西湖店'].includes(String(r.storeName)))).toBe(true);
    const out = await region.call(SIGN_QUOTA_API.create!, {
      body: { enabled: true, staffPhone: signers[2], monthlyQuota: 100 },
    });
    expect(Object.values(fieldErrors(out)).join(), out.raw).toContain('数据范围');
    expect(
      await t.db
        .select()
        .from(signQuota)
        .innerJoin(staff, eq(staff.id, signQuota.staffId))
        .where(eq(staff.phone, signers[2]!)),
    ).toHaveLength(0);
    const [bjQuota] = await t.db.select({ id: signQuota.id }).from(signQuota).where(eq(signQuota.storeId, bj001));
    refused(await region.call(SIGN_QUOTA_API.detail, { params: { id: bjQuota!.id } }), ERR.RECORD_NOT_FOUND);
  });

  it('refuses a 签单 without a quota, past the quota left, or on a stopped quota — whole; a refund gives it back', async () => {
    const member = await newMember();
    const signer = signers[3]!;
    const none = await signedBill(member, signer);
    expect(none.errcode).toBe(ERR.BILL_SIGN_QUOTA);
    expect(none.errmsg).toContain('没有签单额度');

    const quota = price.P001 + price.P001 / 2;
    const id = okData(
      await hq.call(SIGN_QUOTA_API.create!, { body: { enabled: true, staffPhone: signer, monthlyQuota: quota } }),
    ).id;
    const first = await signedBill(member, signer);
    expect(first.errcode).toBe(ERR.OK);
    const before = await bills();
    const second = await signedBill(member, signer);
    expect(second.errcode).toBe(ERR.BILL_SIGN_QUOTA);
    expect(second.errmsg).toMatch(/超出店长「.+」本月签单额度/);
    expect(await bills()).toBe(before);
    // Another month has its own quota.
    expect((await signedBill(member, signer, '2026-12-02T10:00:00+08:00')).errcode).toBe(ERR.OK);

    const row = okData(await hq.call(SIGN_QUOTA_API.detail, { params: { id } }));
    expect(row).toMatchObject({ monthlyQuota: quota, staffPhone: signer });

    // The first bill refunded through the refund flow (store applies, head office approves and
    // executes): what is refunded is no longer used.
    const applied = await openPost<OpenRefundAnswer>(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.refunds, {
      outerNo: `RF-${no()}`,
      billNo: first.data.billNo,
      lines: [{ line: 1, amount: price.P001 }],
      payments: [{ seq: 1, amount: price.P001 }],
      reason: '签单退回',
    });
    expect(applied.errcode, applied.errmsg).toBe(ERR.OK);
    const [r] = await t.db.select().from(refund).where(eq(refund.refundNo, applied.data.refundNo));
    const admin = await t.signIn('admin', 'admin123');
    okData(await admin.call(APPROVAL_API.decide, { body: { id: r!.approvalId, decision: 'approve', comment: '' } }));
    okData(await admin.call(REFUND_API.step, { body: { id: r!.id, step: 'execute' } }));
    const [refunded] = await t.db
      .select({ n: billPayment.refunded })
      .from(billPayment)
      .innerJoin(memberConsume, eq(memberConsume.id, billPayment.consumeId))
      .where(eq(memberConsume.billNo, first.data.billNo));
    expect(refunded!.n).toBe(price.P001);
    expect((await signedBill(member, signer)).errcode).toBe(ERR.OK);

    okData(await hq.call(SIGN_QUOTA_API.batch!, { body: { action: 'disable', ids: [id] } }));
    const stopped = await signedBill(member, signer, '2026-12-03T10:00:00+08:00');
    expect(stopped.errcode).toBe(ERR.BILL_SIGN_QUOTA);
    expect(stopped.errmsg).toContain('已停用');
  });

  it('lets exactly as many of 5 parallel 签单 bills through as the quota holds', async () => {
    const signer = signers[4]!;
    okData(
      await hq.call(SIGN_QUOTA_API.create!, {
        body: { enabled: true, staffPhone: signer, monthlyQuota: price.P001 * 2 + 1 },
      }),
    );
    const member = await newMember();
    const answers = await Promise.all(Array.from({ length: 5 }, () => signedBill(member, signer)));
    expect(answers.filter((a) => a.errcode === ERR.OK)).toHaveLength(2);
    expect(answers.filter((a) => a.errcode === ERR.BILL_SIGN_QUOTA)).toHaveLength(3);
    const [used] = await t.db
      .select({ n: sql<number>`coalesce(sum(${billPayment.amount}), 0)::int` })
      .from(billPayment)
      .innerJoin(staff, eq(staff.id, billPayment.signerStaffId))
      .where(eq(staff.phone, signer));
    expect(Number(used!.n)).toBe(price.P001 * 2);
  });
});

describe('/drawLimitConfig', () => {
  /** A new member with a 套餐卡 C001 (J001 ×10) opened at BJ001; answers the phone and card number. */
  const memberWithCombo = async () => {
    const phone = await newMember();
    const res = await post({
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at: AT,
      lines: [{ kind: 'cardSale', code: 'C001' }],
      payments: [{ method: 'wechat', amount: price.C001, tradeNo: 'WX-CFG' }],
    });
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    return { phone, combo: (res.data.openedCards as string[])[0]! };
  };
  const draw = (phone: string, cardNo: string, quantity: number, at: string, extra: object[] = [], pay = 0) =>
    post({
      outerNo: no(),
      storeCode: 'BJ001',
      member: phone,
      at,
      lines: [{ kind: 'project', code: 'J001', quantity, cardNo }, ...extra],
      payments: pay ? [{ method: 'cash', amount: pay }] : [],
    });

  it('checks the form: a project by code, once, with a day or a month, the day not above the month', async () => {
    expect(
      fieldErrors(
        await hq.call(DRAW_LIMIT_API.create!, {
          body: { enabled: true, projectCode: 'NOPE', dailyMax: 1, storeScope: 'all' },
        }),
      ).projectCode,
    ).toContain('不存在');
    expect(
      fieldErrors(
        await hq.call(DRAW_LIMIT_API.create!, { body: { enabled: true, projectCode: 'J002', storeScope: 'all' } }),
      ).dailyMax,
    ).toContain('至少');
    expect(
      fieldErrors(
        await hq.call(DRAW_LIMIT_API.create!, {
          body: { enabled: true, projectCode: 'J002', dailyMax: 5, monthlyMax: 3, storeScope: 'all' },
        }),
      ).dailyMax,
    ).toContain('不能大于');
    refused(
      await viewer.call(DRAW_LIMIT_API.create!, {
        body: { enabled: true, projectCode: 'J002', dailyMax: 1, storeScope: 'all' },
      }),
      ERR.FORBIDDEN,
    );
    const seeded = okData(await hq.call(DRAW_LIMIT_API.list, { query: { pageSize: 50 } }));
    expect(seeded.list.map((r) => r.projectCode)).toEqual(expect.arrayContaining(['J006', 'J013', 'J019']));
    expect(
      fieldErrors(
        await hq.call(DRAW_LIMIT_API.create!, {
          body: { enabled: true, projectCode: 'J006', dailyMax: 1, storeScope: 'all' },
        }),
      ).projectCode,
    ).toContain('已设置');
  });

  it('refuses a draw past the day or the month with the ledger’s reason, the whole bill with it', async () => {
    const id = okData(
      await hq.call(DRAW_LIMIT_API.create!, {
        body: { enabled: true, projectCode: 'J001', dailyMax: 2, monthlyMax: 3, storeScope: 'all' },
      }),
    ).id;
    const { phone, combo } = await memberWithCombo();
    expect((await draw(phone, combo, 2, AT)).errcode).toBe(ERR.OK);
    const before = await bills();
    // A product paid in cash beside the third session of the day: refused whole.
    const day = await draw(phone, combo, 1, AT, [{ kind: 'product', code: 'P001' }], price.P001);
    expect(day.errcode).toBe(ERR.BILL_DRAW_LIMIT);
    expect(day.errmsg).toMatch(/划卡次数超出限制.*今天已划 2 次/);
    expect(await bills()).toBe(before);
    expect((await draw(phone, combo, 1, '2026-11-21T10:00:00+08:00')).errcode).toBe(ERR.OK);
    const month = await draw(phone, combo, 1, '2026-11-22T10:00:00+08:00');
    expect(month.errcode).toBe(ERR.BILL_DRAW_LIMIT);
    expect(month.errmsg).toContain('本月已划 3 次');
    // A new month counts again; a stopped limit limits nothing.
    expect((await draw(phone, combo, 1, '2026-12-01T10:00:00+08:00')).errcode).toBe(ERR.OK);
    okData(await hq.call(DRAW_LIMIT_API.batch!, { body: { action: 'disable', ids: [id] } }));
    expect((await draw(phone, combo, 3, '2026-11-22T11:00:00+08:00')).errcode).toBe(ERR.OK);
    okData(await hq.call(DRAW_LIMIT_API.batch!, { body: { action: 'enable', ids: [id] } }));
    okData(await hq.call(DRAW_LIMIT_API.update!, { body: { id, dailyMax: 1, monthlyMax: null } }));
  });

  it('lets one of 5 parallel draws through a limit of one a day', async () => {
    // J001's limit is now one a day (the test before).
    const { phone, combo } = await memberWithCombo();
    const at = '2026-11-25T15:00:00+08:00';
    const answers = await Promise.all(Array.from({ length: 5 }, () => draw(phone, combo, 1, at)));
    expect(answers.filter((a) => a.errcode === ERR.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.errcode === ERR.BILL_DRAW_LIMIT)).toHaveLength(4);
  });
});

describe('draw limits counted per store, and across a batch', () => {
  it('counts each store on its own when the limit says so, and the records of the batch not yet written', async () => {
    const [j] = await t.db.select({ id: project.id }).from(project).where(eq(project.code, 'J019'));
    const [other] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ002'));
    // J019 is seeded at one a day, each store on its own.
    const take = (storeId: number) => ({
      memberId: 2_000_000_000,
      projectId: j!.id,
      storeId,
      at: new Date(AT),
      quantity: 1,
    });
    const check = (takes: DrawTake[], pending: DrawTake[]) =>
      t.db.transaction((tx) => checkDrawLimits(tx, takes, pending, () => '舒眠头部按摩'));
    await check([take(bj001)], [take(other!.id)]);
    const err = await check([take(bj001)], [take(bj001)]).then(
      () => null,
      (e: { errcode?: string; message?: string }) => e,
    );
    expect(err?.errcode).toBe(ERR.BILL_DRAW_LIMIT);
    expect(err?.message).toContain('今天在本店已划 1 次');
  });
});

describe('/storeLevel', () => {
  it('is open to any signed-in user; levels in use are neither deleted nor disabled', async () => {
    const page = okData(await viewer.call(STORE_LEVEL_API.list, { query: { pageSize: 50 } }));
    const a = page.list.find((r) => r.code === 'A')!;
    expect(a.name).toBe('A级');
    const [stores] = await t.db.select({ n: count() }).from(store).where(eq(store.levelId, a.id));
    expect(a.storeCount).toBe(Number(stores!.n));
    expect(a.storeCount).toBeGreaterThan(0);

    refused(await viewer.call(STORE_LEVEL_API.create!, { body: { code: 'X', name: 'X级' } }), ERR.FORBIDDEN);
    refused(
      await hq.call(STORE_LEVEL_API.delete!, { body: { ids: [a.id] } }),
      ERR.RECORD_IN_USE,
      /A级.*家门店.*不能删除/,
    );
    refused(
      await hq.call(STORE_LEVEL_API.batch!, { body: { action: 'disable', ids: [a.id] } }),
      ERR.RECORD_IN_USE,
      /不能停用/,
    );
    // The same rule on /basicProps, which edits the same rows.
    refused(await hq.call(resourceApi(MASTER_ITEM).delete!, { body: { ids: [a.id] } }), ERR.RECORD_IN_USE);
    const [still] = await t.db.select({ enabled: masterItem.enabled }).from(masterItem).where(eq(masterItem.id, a.id));
    expect(still!.enabled).toBe(true);
  });

  it('adds a level last, renames it, moves it up, and disables and deletes it while unused', async () => {
    const id = okData(await hq.call(STORE_LEVEL_API.create!, { body: { code: 'S', name: 'S级' } })).id;
    const order = async () =>
      okData(await hq.call(STORE_LEVEL_API.list, { query: { pageSize: 50 } })).list.map((r) => r.name);
    expect((await order()).at(-1)).toBe('S级');
    okData(await hq.call(STORE_LEVEL_API.update!, { body: { id, name: '旗舰级' } }));
    okData(await hq.call(STORE_LEVEL_API.move, { body: { id, dir: 'up' } }));
    const now = await order();
    expect(now.at(-2)).toBe('旗舰级');
    refused(await hq.call(STORE_LEVEL_API.create!, { body: { code: 'S', name: '重复' } }), ERR.RECORD_DUPLICATE);
    okData(await hq.call(STORE_LEVEL_API.batch!, { body: { action: 'disable', ids: [id] } }));
    okData(await hq.call(STORE_LEVEL_API.delete!, { body: { ids: [id] } }));
    expect(await order()).not.toContain('旗舰级');
  });
});

describe('/StoreWrittenReport', () => {
  it('shows each store manager’s 签单 per month against the quota, agreeing with the payments', async () => {
    const signer = signers[5]!;
    okData(
      await hq.call(SIGN_QUOTA_API.create!, {
        body: { enabled: true, staffPhone: signer, monthlyQuota: price.P001 * 3 },
      }),
    );
    const member = await newMember();
    expect((await signedBill(member, signer, '2026-10-10T10:00:00+08:00')).errcode).toBe(ERR.OK);
    expect((await signedBill(member, signer, '2026-10-11T10:00:00+08:00')).errcode).toBe(ERR.OK);
    const [who] = await t.db.select({ name: staff.name }).from(staff).where(eq(staff.phone, signer));
    const query = { periodFrom: '2026-10-01', periodTo: '2026-10-31', storeId: bj001, signerName: who!.name };
    const page = okData(await reportCall(hq, STORE_WRITTEN_REPORT, query)) as unknown as {
      list: Record<string, unknown>[];
      totals: Record<string, unknown>;
    };
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      storeName: '北京朝阳店',
      signerName: who!.name,
      quota: price.P001 * 3,
      signed: price.P001 * 2,
      used: price.P001 * 2,
      remaining: price.P001,
      bills: 2,
    });
    expect(page.totals).toMatchObject({ used: price.P001 * 2, remaining: price.P001 });
    // A region user of 华东 does not see BJ001's.
    const theirs = okData(await reportCall(region, STORE_WRITTEN_REPORT, query)) as unknown as { total: number };
    expect(theirs.total).toBe(0);
  });
});
