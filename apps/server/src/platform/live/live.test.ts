/**
 * Live events: a 付款通知 raised by a payment reaches the open stream of the user it is for, on
 * this instance and on another one over the same database; it reaches no one else; a write that
 * is refused (and rolled back) sends nothing; a stream without a session is refused.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_API } from '@zb/contract/api/live';
import { SESSION_COOKIE } from '@zb/contract/constants';
import { type OrderSaved, STORE_ORDER_API } from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../../modules/accounts/schema';
import { product } from '../../modules/goods/schema';
import { notice } from '../../modules/notices/schema';
import { store } from '../../modules/stores/schema';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { publishLive } from './plugin';

let t: TestApp;
/** A second instance of the server over the same database. */
let other: TestApp;
let admin: TestClient;
let zhang: TestClient;
let liqiang: TestClient;
let zhangId: number;
let liqiangId: number;
let sh: number;
let item: number;

interface Stream {
  /** The events received, by name. */
  events: string[];
  status: number;
  body: () => string;
  /** Resolves once `n` events have arrived (fails the test after 10 s). */
  until(n: number): Promise<void>;
  close(): void;
}

const baseOf = (app: TestApp) => `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;

const openStream = (app: TestApp, c: TestClient | null): Promise<Stream> =>
  new Promise((resolve, reject) => {
    let text = '';
    const waiters: (() => void)[] = [];
    const req = request(`${baseOf(app)}${LIVE_API.stream.path}`, {
      headers: c?.cookie ? { cookie: `${SESSION_COOKIE}=${c.cookie}` } : {},
    });
    req.on('response', (res) => {
      const s: Stream = {
        events: [],
        status: res.statusCode ?? 0,
        body: () => text,
        until: (n) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`${n} events expected, got ${s.events.join(',')}`)), 10_000);
            const check = () => {
              if (s.events.length < n) return;
              clearTimeout(timer);
              done();
            };
            waiters.push(check);
            check();
          }),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        s.events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]!);
        for (const w of waiters) w();
        // The stream is open once its first lines arrived.
        resolve(s);
      });
      res.on('end', () => resolve(s));
    });
    req.on('error', reject);
    req.end();
  });

const okData = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

/** An order of 上海徐汇店 submitted by 张 and approved by the administrator. */
const approvedOrder = async (): Promise<number> => {
  const { id } = okData(
    await zhang.call(STORE_ORDER_API.submit, {
      body: { storeId: sh, kind: 'goods', lines: [{ itemId: item, quantity: 2 }] } as never,
    }),
  ) as OrderSaved;
  okData(await admin.call(STORE_ORDER_API.approve, { body: { id } }));
  return id;
};

const pay = (c: TestClient, orderId: number, amount: number) =>
  c.call(STORE_ORDER_API.pay, { body: { orderId, amount, method: 'transfer', paidAt: new Date().toISOString() } });

const noticesOf = (userId: number) =>
  t.db
    .select({ msgName: notice.msgName, content: notice.content, amount: notice.amount, isRead: notice.isRead })
    .from(notice)
    .where(and(eq(notice.userId, userId), eq(notice.storeId, sh)));

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ handle: t.handle });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.signIn('admin', 'admin123');
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const users = await t.db.select({ id: userAccount.id, login: userAccount.loginName }).from(userAccount);
  zhangId = users.find((u) => u.login === '13800000001')!.id;
  liqiangId = users.find((u) => u.login === '13800000002')!.id;
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH001'));
  sh = s!.id;
  await t.db.update(store).set({ ownership: 'direct', status: 'open' }).where(eq(store.id, sh));
  const [p] = await t.db
    .insert(product)
    .values({ code: 'LIVE-1', name: '实时通知测试洗发水', unit: '瓶', retailPrice: 12800, costPrice: 4200 })
    .returning({ id: product.id });
  item = p!.id;
});

afterAll(async () => {
  await other.close();
  await t.close();
});

describe('live events', () => {
  it('rings the submitter’s stream when a payment of their order is recorded, on this instance and another', async () => {
    const here = await openStream(t, zhang);
    const there = await openStream(other, zhang);
    const bystander = await openStream(t, liqiang);
    expect(here.status).toBe(200);
    expect(here.body()).toContain('retry: 2000');
    const id = await approvedOrder();
    const before = (await noticesOf(zhangId)).length;

    // A payment above what is owed is refused and rolled back: no notice, no event.
    expect((await pay(admin, id, 999_999)).body.errcode).toBe(ERR.ORDER_OVERPAID);
    okData(await pay(admin, id, 3000));
    await here.until(1);
    await there.until(1);
    // Events of one stream arrive in order: had the refused payment sent one, it would be here first.
    expect(here.events).toEqual(['notices']);
    expect(there.events).toEqual(['notices']);

    const rows = await noticesOf(zhangId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ msgName: '上海徐汇店 订货款到账', amount: 3000, isRead: false });
    expect(rows.at(-1)!.content).toContain('登记付款 ¥30.00（银行转账）');

    // 李强 had nothing to hear; the next event for him is the first his stream gets.
    await t.db.transaction((tx) => publishLive(tx, 'notices', [liqiangId]));
    await bystander.until(1);
    expect(bystander.events).toEqual(['notices']);
    for (const s of [here, there, bystander]) s.close();
  });

  it('tells the order’s people but not the one who recorded the payment', async () => {
    const id = await approvedOrder();
    const adminId = (
      await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'))
    )[0]!.id;
    const count = async (userId: number) => (await noticesOf(userId)).length;
    const [zhangBefore, adminBefore] = [await count(zhangId), await count(adminId)];
    const adminStream = await openStream(t, admin);
    // The administrator approved the order and records its payment: 张, its submitter, is told.
    okData(await pay(admin, id, 1000));
    expect(await count(zhangId)).toBe(zhangBefore + 1);
    expect(await count(adminId)).toBe(adminBefore);
    await t.db.transaction((tx) => publishLive(tx, 'notices', [adminId]));
    await adminStream.until(1);
    expect(adminStream.events).toEqual(['notices']);
    adminStream.close();
  });

  it('refuses a stream without a session, in the envelope', async () => {
    const s = await openStream(t, null);
    expect(JSON.parse(s.body()).errcode).toBe(ERR.NO_SESSION);
  });
});
