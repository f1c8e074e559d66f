/**
 * POST /open/v1/refunds through the open API's plugin, signed as BJ001's POS: a store sends a
 * bill, applies for its refund (a replay of the same outerNo answers the first), head office
 * approves it in the approval center and executes it; the bill's payment is marked refunded.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { REFUND_API } from '@zb/contract/api/refunds';
import type { OpenRefundAnswer } from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { billPayment } from '../bills/schema';
import { product } from '../goods/schema';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { store } from '../stores/schema';
import { refund } from './schema';

let t: TestApp;
let price = 0;
const MEMBER = '13900054321';

beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.db.select({ price: product.retailPrice }).from(product).where(eq(product.code, 'P001'));
  price = p!.price;
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  await t.db.transaction((tx) =>
    createMember(tx, { name: '退款接口会员', phone: MEMBER, storeId: s!.id, userId: null, joinedAt: new Date() }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('POST /open/v1/refunds', () => {
  it('a store applies, head office approves in the approval center and executes; the payment is refunded', async () => {
    const bill = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.bills, {
      outerNo: `RFB-${Date.now()}`,
      storeCode: 'BJ001',
      member: MEMBER,
      at: new Date().toISOString(),
      lines: [{ kind: 'product', code: 'P001', quantity: 1 }],
      payments: [{ method: 'cash', amount: price }],
    });
    expect(bill.errcode).toBe(ERR.OK);
    const doc = {
      outerNo: `RFA-${Date.now()}`,
      billNo: bill.data.billNo,
      lines: [{ line: 1, amount: price }],
      payments: [{ seq: 1, amount: price }],
      reason: '商品破损',
    };
    const first = await openPost<OpenRefundAnswer>(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.refunds, doc);
    expect(first).toMatchObject({
      status: 200,
      errcode: ERR.OK,
      data: { status: 'applied', amount: price, replayed: false },
    });
    const again = await openPost<OpenRefundAnswer>(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.refunds, doc);
    expect(again.data).toMatchObject({ refundNo: first.data.refundNo, replayed: true });
    // Bad documents answer the open API's refusals, never a 500.
    const bad = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.refunds, {
      ...doc,
      outerNo: 'RFA-X',
      billNo: undefined,
    });
    expect(bad.status).toBeLessThan(500);
    expect(bad.errcode).not.toBe(ERR.OK);
    const over = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.refunds, { ...doc, outerNo: 'RFA-Y' });
    expect(over.errcode).toBe(ERR.REFUND_EXCEEDS);

    const [r] = await t.db.select().from(refund).where(eq(refund.refundNo, first.data.refundNo));
    const admin = await t.signIn('admin', 'admin123');
    const decided = await admin.call(APPROVAL_API.decide, {
      body: { id: r!.approvalId, decision: 'approve', comment: '' },
    });
    expect(decided.body.errcode).toBe(ERR.OK);
    const executed = await admin.call(REFUND_API.step, { body: { id: r!.id, step: 'execute' } });
    expect(executed.body.data).toMatchObject({ status: 'executed', outside: price, toCards: 0 });
    const [b] = await t.db.select().from(memberConsume).where(eq(memberConsume.billNo, bill.data.billNo));
    expect(b!.refunded).toBe(price);
    const [pay] = await t.db.select().from(billPayment).where(eq(billPayment.consumeId, b!.id));
    expect(pay!.refunded).toBe(price);
  });
});
