/**
 * The bell is live (issue 17 "Live"): 张 (总部运营) has the console open on /welcome; the
 * administrator, at another browser, records a payment of an order 张 approved; 张's bell counts
 * one more unread notice without a reload, and the notice is in his /taskCenterBoss list.
 *
 * Across instances: two servers on one PostgreSQL database (LISTEN/NOTIFY); 张's browser is
 * connected to the first, the payment is recorded on the second, and the bell still counts it.
 */
import { STORE_ORDER, STORE_ORDER_API } from '@zb/contract/entities/storeOrder';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgServer, startPgServer } from '../apps/server/src/testing/pgServer';
import { signIn, submitPasswordLogin, useBrowser } from './browser';
import { type RunningServer, startServer } from './server';

const browser = useBrowser();

const unreadOf = async (page: Page): Promise<number> => {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+) 条未读/)?.[1] ?? 0);
};

/** 张 signed in at `at` (default: the worker's server), his unread count, and the reloads of his page. */
const zhangWatching = async (at?: string) => {
  const zhang = await browser.newPage(at);
  await signIn(zhang.page, '13800000001', 'hq123456', '总部运营');
  await expect.poll(() => unreadOf(zhang.page), { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await unreadOf(zhang.page);
  const reloads: string[] = [];
  zhang.page.on('framenavigated', (f) => {
    if (f === zhang.page.mainFrame()) reloads.push(f.url());
  });
  return { ...zhang, before, reloads };
};

/**
 * The administrator, at another browser (on `at`), finds an approved order still unpaid and
 * records ¥1.00 of it, with the headers his page's own calls carry.
 */
const adminPaysAnOrder = async (at?: string) => {
  const admin = await browser.newPage(at);
  await submitPasswordLogin(admin.page, 'admin', 'admin123');
  await admin.page.waitForURL('**/welcome');
  const listCall = admin.page.waitForRequest((r) => r.url().includes(`${STORE_ORDER.api}/list`));
  await admin.page.goto(STORE_ORDER.page);
  const headers = await (await listCall).allHeaders();
  const res = await admin.page.request.get(
    `${STORE_ORDER.api}/list?status=approved&payStatus=unpaid&pageNo=1&pageSize=10`,
    { headers },
  );
  const orders = ((await res.json()) as { data: { list: { id: number; orderNo: string; storeName: string }[] } }).data
    .list;
  expect(orders.length, 'the demo has approved, unpaid orders').toBeGreaterThan(0);
  const order = orders[0]!;
  const paid = await admin.page.request.post(STORE_ORDER_API.pay.path, {
    headers: { ...headers, 'content-type': 'application/json' },
    data: { orderId: order.id, amount: 100, method: 'transfer', paidAt: new Date().toISOString() },
  });
  expect(((await paid.json()) as { errcode: string }).errcode).toBe('0');
  await admin.context.close();
  return order;
};

describe('the live bell', () => {
  it('counts a payment notice the moment another user records the payment', async () => {
    const zhang = await zhangWatching();
    const order = await adminPaysAnOrder();

    // 张's bell, untouched and not reloaded, counts it.
    await expect.poll(() => unreadOf(zhang.page), { timeout: 10_000 }).toBe(zhang.before + 1);
    expect(zhang.reloads).toEqual([]);
    await zhang.page.getByTestId('notice-bell').click();
    await zhang.page.waitForURL('**/taskCenterBoss');
    // The newest notice heads his list: this payment, ¥1.00, unread.
    const first = zhang.page.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.waitFor();
    const text = await first.innerText();
    expect(text).toContain(`${order.storeName} 订货款到账`);
    expect(text).toContain('1.00');
    await zhang.context.close();
  });
});

describe('the live bell across two server instances on PostgreSQL', () => {
  let pg: PgServer;
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    pg = await startPgServer();
    // The first seeds the demo world into the database; the second finds it written.
    one = await startServer({ DATABASE_URL: pg.url });
    two = await startServer({ DATABASE_URL: pg.url });
  }, 600_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    pg?.stop();
  });

  it("counts, on the first instance's browser, a payment recorded through the second", async () => {
    const zhang = await zhangWatching(one.url);
    await adminPaysAnOrder(two.url);
    await expect.poll(() => unreadOf(zhang.page), { timeout: 10_000 }).toBe(zhang.before + 1);
    expect(zhang.reloads).toEqual([]);
    await zhang.context.close();
  });
});
