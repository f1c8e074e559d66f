/**
 * 团购平台 end to end on the server: the app listens on a real port and its platform clients call
 * the built-in 美团/抖音 simulator over HTTP. A POS verifies codes through the signed open API:
 * success records the voucher; each platform refusal is refused with its errcode and writes
 * nothing; the same code asked twice (and at once) is recorded once. Mapping rules of /tpl and
 * /douyinStoreList, and 同步 adding only what is new.
 */
import { GROUPBUY_API, GROUPBUY_REFUND_API } from '@zb/contract/entities/groupBuy';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { store } from '../stores/schema';
import { gbsimCode, groupBuyApp, groupBuyDeal, groupBuyRefund, groupBuyShop, groupBuyVoucher } from './schema';
import { simShopId } from './simulator';

let t: TestApp;
let origin: string;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

const DAY = 86_400_000;
let serial = 0;

/** A member buys a deal on the platform for a shop: the simulator's own hook. */
const buy = async (
  platform: 'meituan' | 'douyin',
  o: { shop?: string; expiresInMs?: number; paid?: number } = {},
): Promise<string> => {
  serial += 1;
  const code = `${platform === 'meituan' ? 'MT' : 'DY'}T${Date.now().toString(36).toUpperCase()}${serial}`;
  const [deal] = await t.db.select().from(groupBuyDeal).where(eq(groupBuyDeal.platform, platform)).limit(1);
  const res = await fetch(`${origin}/gbsim/${platform}/sim/issue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      shop_id: o.shop ?? simShopId(platform, 'BJ001'),
      deal_id: deal!.platformDealId,
      paid_amount: o.paid ?? 12800,
      expires_at: new Date(Date.now() + (o.expiresInMs ?? 30 * DAY)).toISOString(),
    }),
  });
  expect(res.status).toBe(200);
  return code;
};

const verify = (platform: 'meituan' | 'douyin', code: string, storeCode = 'BJ001') =>
  openPost<{ voucherId: number; paidAmount: number; dealTitle: string }>(
    t.app,
    DEMO_OPEN_KEYS.pos,
    OPEN_PATHS.groupBuyVerify,
    { platform, code, storeCode },
  );

const vouchersOf = (code: string) => t.db.select().from(groupBuyVoucher).where(eq(groupBuyVoucher.code, code));
const voucherCount = async () => (await t.db.select({ n: count() }).from(groupBuyVoucher))[0]!.n;
const logCount = async () => (await t.db.select({ n: count() }).from(operationLog))[0]!.n;

describe('核销 through the open API, checked with the platform', () => {
  it('records a verified voucher with its deal, mapped goods, store and amount, on both platforms', async () => {
    for (const platform of ['meituan', 'douyin'] as const) {
      const code = await buy(platform, { paid: 15800 });
      const res = await verify(platform, code);
      expect(res.errcode).toBe(ERR.OK);
      expect(res.data.paidAmount).toBe(15800);
      const [row] = await vouchersOf(code);
      const [bj] = await t.db.select().from(store).where(eq(store.code, 'BJ001'));
      const [deal] = await t.db.select().from(groupBuyDeal).where(eq(groupBuyDeal.id, row!.dealId));
      expect(row).toMatchObject({ platform, storeId: bj!.id, paidAmount: 15800, state: 'verified' });
      expect(row!.projectId ?? row!.productId).toBe(deal!.projectId ?? deal!.productId);
      expect(res.data.dealTitle).toBe(deal!.title);
      // The platform marked it used.
      const [sim] = await t.db.select().from(gbsimCode).where(eq(gbsimCode.code, code));
      expect(sim).toMatchObject({ state: 'used', verifyId: row!.verifyId });
      // /onlineCouponList shows it.
      const list = await admin.call(GROUPBUY_API.vouchers.list, { query: { code } });
      expect(list.body.data.list).toHaveLength(1);
      expect(list.body.data.list[0]).toMatchObject({
        code,
        storeName: '北京朝阳店',
        paidAmount: 15800,
        state: 'verified',
      });
    }
  });

  it('refuses each platform refusal with its errcode and writes nothing', async () => {
    const unknown = 'MTNOSUCHCODE01';
    const expired = await buy('meituan', { expiresInMs: -DAY });
    const wrongShop = await buy('douyin', { shop: simShopId('douyin', 'SH001') });
    const used = await buy('meituan');
    expect((await verify('meituan', used)).errcode).toBe(ERR.OK);
    const vouchers = await voucherCount();
    const logs = await logCount();
    const cases: [string, 'meituan' | 'douyin', string, string][] = [
      ['unknown', 'meituan', unknown, ERR.GROUPBUY_CODE_UNKNOWN],
      ['expired', 'meituan', expired, ERR.GROUPBUY_CODE_EXPIRED],
      ['wrong shop', 'douyin', wrongShop, ERR.GROUPBUY_CODE_WRONG_SHOP],
      ['twice', 'meituan', used, ERR.GROUPBUY_ALREADY_VERIFIED],
      // Another store's code asked at BJ001 by the 抖音 platform of a code bought for 美团.
      ['other platform', 'douyin', used, ERR.GROUPBUY_CODE_UNKNOWN],
    ];
    for (const [what, platform, code, errcode] of cases) {
      const res = await verify(platform, code);
      expect(res.errcode, what).toBe(errcode);
      expect(res.errmsg, what).toMatch(/美团|抖音|已核销/);
    }
    // A POS may verify only at its own store.
    const other = await buy('meituan', { shop: simShopId('meituan', 'SH001') });
    expect((await verify('meituan', other, 'SH001')).errcode).toBe(ERR.OPEN_STORE_NOT_BOUND);
    expect(await voucherCount()).toBe(vouchers);
    expect(await logCount()).toBe(logs);
    // The refused codes are still unused on the platform.
    const [sim] = await t.db.select().from(gbsimCode).where(eq(gbsimCode.code, wrongShop));
    expect(sim!.state).toBe('unused');
  });

  it('verifies one code asked six times at once exactly once', async () => {
    const code = await buy('douyin');
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify('douyin', code)));
    const oks = answers.filter((a) => a.errcode === ERR.OK);
    expect(oks).toHaveLength(1);
    for (const a of answers.filter((x) => x.errcode !== ERR.OK)) {
      expect([ERR.GROUPBUY_ALREADY_VERIFIED, ERR.GROUPBUY_CODE_USED]).toContain(a.errcode);
    }
    expect(await vouchersOf(code)).toHaveLength(1);
  });

  it('refuses when the platform is 停用 or refuses our signature, and writes nothing', async () => {
    const code = await buy('meituan');
    const vouchers = await voucherCount();
    const [app] = await t.db.select().from(groupBuyApp).where(eq(groupBuyApp.platform, 'meituan'));
    const edit = (body: Record<string, unknown>) =>
      admin.call(GROUPBUY_API.apps.update!, { body: { id: app!.id, ...body } });

    expect((await edit({ enabled: false })).body.errcode).toBe(ERR.OK);
    expect((await verify('meituan', code)).errcode).toBe(ERR.GROUPBUY_NOT_CONFIGURED);

    expect((await edit({ enabled: true, appSecret: 'a-wrong-secret-0000' })).body.errcode).toBe(ERR.OK);
    const refused = await verify('meituan', code);
    expect(refused.errcode).toBe(ERR.GROUPBUY_PLATFORM_FAILED);
    expect(refused.errmsg).toContain('签名');
    // The secret is stored sealed, never answered.
    const detail = await admin.call(GROUPBUY_API.apps.detail, { params: { id: app!.id } });
    expect(detail.raw).not.toContain('a-wrong-secret-0000');
    expect(detail.body.data).toMatchObject({ secretSet: true });

    expect((await edit({ appSecret: 'mt-demo-secret-2026-groupbuy' })).body.errcode).toBe(ERR.OK);
    expect(await voucherCount()).toBe(vouchers);
    expect((await verify('meituan', code)).errcode).toBe(ERR.OK);
  });
});

describe('shops and deals', () => {
  it('同步 adds only what is new, and the mapping forms refuse what does not hold', async () => {
    const before = await t.db.select({ n: count() }).from(groupBuyShop).where(eq(groupBuyShop.platform, 'douyin'));
    const sync = await admin.call(GROUPBUY_API.syncDouyinShops, {});
    expect(sync.body.errcode).toBe(ERR.OK);
    expect(sync.body.data.added).toBe(0);
    expect(sync.body.data.listed).toBe(before[0]!.n);
    expect((await admin.call(GROUPBUY_API.syncDeals, { body: { platform: 'meituan' } })).body.data.added).toBe(0);

    // A store already bound to a 抖音 shop cannot be bound to a second one.
    const [bj] = await t.db.select().from(store).where(eq(store.code, 'BJ001'));
    const [unbound] = await t.db
      .select()
      .from(groupBuyShop)
      .where(and(eq(groupBuyShop.platform, 'douyin'), eq(groupBuyShop.platformShopId, simShopId('douyin', 'WH001'))));
    expect(unbound!.storeId).toBeNull();
    const taken = await admin.call(GROUPBUY_API.douyinShops.update!, { body: { id: unbound!.id, storeId: bj!.id } });
    expect(taken.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(taken.body.data).toHaveProperty('fields.storeId');
    const [wh] = await t.db.select().from(store).where(eq(store.code, 'WH001'));
    expect(
      (await admin.call(GROUPBUY_API.douyinShops.update!, { body: { id: unbound!.id, storeId: wh!.id } })).body.errcode,
    ).toBe(ERR.OK);
    const duplicate = await admin.call(GROUPBUY_API.douyinShops.create!, {
      body: { platformShopId: unbound!.platformShopId, platformShopName: '重复门店' },
    });
    expect(duplicate.body.data).toHaveProperty('fields.platformShopId');

    // A deal mapped to a project needs the project; the other id is emptied.
    const [deal] = await t.db.select().from(groupBuyDeal).where(eq(groupBuyDeal.platform, 'douyin')).limit(1);
    const noProject = await admin.call(GROUPBUY_API.deals.update!, {
      body: { id: deal!.id, goodsKind: 'project', projectId: null },
    });
    expect(noProject.body.data).toHaveProperty('fields.projectId');
    const unknownProduct = await admin.call(GROUPBUY_API.deals.update!, {
      body: { id: deal!.id, goodsKind: 'product', productId: 999999 },
    });
    expect(unknownProduct.body.data).toHaveProperty('fields.productId');
    const [after] = await t.db.select().from(groupBuyDeal).where(eq(groupBuyDeal.id, deal!.id));
    expect(after).toEqual(deal);
  });
});

describe('refunds', () => {
  it('撤销核销 gives the code back on the platform, 平台退款 records it; the voucher follows and a second one is refused', async () => {
    const cancelCode = await buy('meituan', { paid: 9900 });
    const refundCode = await buy('douyin', { paid: 19900 });
    const cancelled = await verify('meituan', cancelCode);
    const refunded = await verify('douyin', refundCode);

    const cancel = await admin.call(GROUPBUY_REFUND_API.apply, {
      body: { voucherId: cancelled.data.voucherId, kind: 'cancel', reason: '顾客未到店，门店误核销' },
    });
    expect(cancel.body.errcode).toBe(ERR.OK);
    const [sim] = await t.db.select().from(gbsimCode).where(eq(gbsimCode.code, cancelCode));
    expect(sim!.state).toBe('unused');
    expect((await vouchersOf(cancelCode))[0]!.state).toBe('cancelled');

    const refund = await admin.call(GROUPBUY_REFUND_API.apply, {
      body: { voucherId: refunded.data.voucherId, kind: 'refund', reason: '平台已退款给顾客' },
    });
    expect(refund.body.errcode).toBe(ERR.OK);
    expect((await vouchersOf(refundCode))[0]!.state).toBe('refunded');

    // The list and detail show the refund with its amount, who and the voucher's state.
    const detail = await admin.call(GROUPBUY_REFUND_API.detail, { params: { id: refund.body.data.id } });
    expect(detail.body.data).toMatchObject({
      code: refundCode,
      kind: 'refund',
      amount: 19900,
      voucherState: 'refunded',
      createdByName: '系统管理员',
    });

    // A second refund of either is refused and writes nothing.
    const refunds = (await t.db.select({ n: count() }).from(groupBuyRefund))[0]!.n;
    for (const voucherId of [cancelled.data.voucherId, refunded.data.voucherId]) {
      const again = await admin.call(GROUPBUY_REFUND_API.apply, {
        body: { voucherId, kind: 'refund', reason: '重复' },
      });
      expect(again.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(again.body.data).toHaveProperty('fields.voucherId');
    }
    expect((await t.db.select({ n: count() }).from(groupBuyRefund))[0]!.n).toBe(refunds);
  });

  it('refuses a 撤销核销 past the platform’s window, and leaves the voucher verified', async () => {
    const code = await buy('douyin');
    const res = await verify('douyin', code);
    // 抖音 allows an hour: the platform's verification is two hours old.
    await t.db
      .update(gbsimCode)
      .set({ usedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(gbsimCode.code, code));
    const refused = await admin.call(GROUPBUY_REFUND_API.apply, {
      body: { voucherId: res.data.voucherId, kind: 'cancel', reason: '误核销' },
    });
    expect(refused.body.errcode).toBe(ERR.GROUPBUY_PLATFORM_FAILED);
    expect(refused.body.errmsg).toContain('撤销时限');
    expect((await vouchersOf(code))[0]!.state).toBe('verified');
    expect(await t.db.select().from(groupBuyRefund).where(eq(groupBuyRefund.voucherId, res.data.voucherId))).toEqual(
      [],
    );
  });
});
