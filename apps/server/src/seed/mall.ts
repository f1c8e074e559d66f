/**
 * The demo mall: a few goods on the shelves (a product, a project, a card, one sold by 定金, one
 * off the shelves) and a dozen mini-program orders in every state of MALL_ORDER_FLOW, made
 * through the mall's own services (createMallOrder and the flow steps), so stock, amounts and
 * history agree as they do for real orders.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { card, product, project } from '../modules/goods/schema';
import {
  applyAfterSale,
  approveReturn,
  cancelOrder,
  createMallOrder,
  orderIdByOuterNo,
  payOrder,
  pickupOrder,
  receiveOrder,
  refundReturn,
  rejectReturn,
  shipOrder,
} from '../modules/mall/orders';
import { mallGoods } from '../modules/mall/schema';
import { member } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { store } from '../modules/stores/schema';
import type { StepTaker } from '../platform/flow';
import { DEMO_OPEN_KEYS } from './openApi';

const HOUR = 3_600_000;

type Fate =
  | 'pendingPay'
  | 'cancelled'
  | 'toShip'
  | 'toPickup'
  | 'shipped'
  | 'completed'
  | 'afterSale'
  | 'approved'
  | 'refunded'
  | 'rejected';

export const seedMall = async (tx: Tx, now: Date): Promise<void> => {
  const products = await tx
    .select({ id: product.id, name: product.name })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.id))
    .limit(2);
  const projects = await tx
    .select({ id: project.id, name: project.name })
    .from(project)
    .where(eq(project.status, 'on'))
    .orderBy(asc(project.id))
    .limit(1);
  const cards = await tx
    .select({ id: card.id, name: card.name })
    .from(card)
    .where(eq(card.status, 'on'))
    .orderBy(asc(card.id))
    .limit(1);
  if (!products.length || !projects.length || !cards.length) return;

  const goods: (typeof mallGoods.$inferInsert)[] = [
    {
      code: 'SC-P001',
      name: `${products[0]!.name}（商城装）`,
      goodsKind: 'product',
      productId: products[0]!.id,
      price: 12800,
      stock: 200,
      limitPerMember: 5,
      enabled: true,
      sort: 1,
      description: '小程序商城热销商品，支持快递或到店自提。',
    },
    {
      code: 'SC-P002',
      name: `${(products[1] ?? products[0])!.name}（旅行装）`,
      goodsKind: 'product',
      productId: (products[1] ?? products[0])!.id,
      price: 5900,
      stock: 80,
      limitPerMember: 0,
      enabled: true,
      sort: 2,
    },
    {
      code: 'SC-J001',
      name: `${projects[0]!.name} 体验券`,
      goodsKind: 'project',
      projectId: projects[0]!.id,
      price: 9900,
      stock: 100,
      limitPerMember: 1,
      enabled: true,
      sort: 3,
      description: '新客专享，每人限购 1 张，到店体验。',
    },
    {
      code: 'SC-K001',
      name: `${cards[0]!.name}（线上预订）`,
      goodsKind: 'card',
      cardId: cards[0]!.id,
      price: 298000,
      earnest: 50000,
      stock: 30,
      limitPerMember: 1,
      enabled: true,
      sort: 4,
      description: '线上支付定金 500 元，到店自提时补齐尾款。',
    },
    {
      code: 'SC-P003',
      name: `${products[0]!.name}（限定礼盒）`,
      goodsKind: 'product',
      productId: products[0]!.id,
      price: 26800,
      stock: 0,
      limitPerMember: 2,
      enabled: false,
      sort: 5,
      description: '已售罄下架。',
    },
  ];
  await tx.insert(mallGoods).values(goods);

  // Head office's steps are a console user's: the demo's 总部运营 (张敏), else the administrator.
  const [ops] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(inArray(userAccount.loginName, ['13800000001', 'admin']))
    .orderBy(asc(userAccount.id));
  const HQ: StepTaker = { kind: 'console', userId: ops?.id ?? null };
  // The demo mini-program app sends them (seed/openApi.ts).
  const [app] = await tx
    .select({ id: openClient.id })
    .from(openClient)
    .where(eq(openClient.appKey, DEMO_OPEN_KEYS.mini.appKey));
  const clientId = app?.id ?? null;
  const MINI: StepTaker = { kind: 'open', clientId };
  const members = await tx.select({ phone: member.phone }).from(member).orderBy(asc(member.id)).limit(6);
  const stores = await tx
    .select({ code: store.code })
    .from(store)
    .where(eq(store.status, 'open'))
    .orderBy(asc(store.id))
    .limit(4);
  if (!members.length || !stores.length) return;

  const plans: { code: string; qty: number; delivery: 'express' | 'pickup'; fate: Fate; daysAgo: number }[] = [
    { code: 'SC-P001', qty: 2, delivery: 'express', fate: 'completed', daysAgo: 20 },
    { code: 'SC-P002', qty: 1, delivery: 'express', fate: 'shipped', daysAgo: 4 },
    { code: 'SC-P001', qty: 1, delivery: 'express', fate: 'toShip', daysAgo: 1 },
    { code: 'SC-P002', qty: 3, delivery: 'pickup', fate: 'toPickup', daysAgo: 2 },
    { code: 'SC-J001', qty: 1, delivery: 'pickup', fate: 'completed', daysAgo: 12 },
    { code: 'SC-P001', qty: 1, delivery: 'express', fate: 'pendingPay', daysAgo: 0 },
    { code: 'SC-P002', qty: 2, delivery: 'express', fate: 'cancelled', daysAgo: 6 },
    { code: 'SC-P001', qty: 1, delivery: 'express', fate: 'afterSale', daysAgo: 9 },
    { code: 'SC-P002', qty: 2, delivery: 'express', fate: 'approved', daysAgo: 10 },
    { code: 'SC-P001', qty: 1, delivery: 'express', fate: 'refunded', daysAgo: 15 },
    { code: 'SC-P002', qty: 1, delivery: 'express', fate: 'rejected', daysAgo: 18 },
    { code: 'SC-K001', qty: 1, delivery: 'pickup', fate: 'completed', daysAgo: 8 },
    { code: 'SC-K001', qty: 1, delivery: 'pickup', fate: 'toPickup', daysAgo: 3 },
  ];
  const price = new Map(goods.map((g) => [g.code, g.price]));
  for (const [i, p] of plans.entries()) {
    const at = new Date(now.getTime() - p.daysAgo * 24 * HOUR - (i + 1) * HOUR);
    const step = (h: number) => new Date(at.getTime() + h * HOUR);
    const outerNo = `WXDEMO${String(i + 1).padStart(4, '0')}`;
    const freight = p.delivery === 'express' && p.code !== 'SC-P001' ? 800 : 0;
    const total = price.get(p.code)! * p.qty + freight;
    const ans = await createMallOrder(
      tx,
      { clientId },
      {
        outerNo,
        member: members[i % members.length]!.phone,
        storeCode: stores[i % stores.length]!.code,
        delivery: p.delivery,
        lines: [{ goodsCode: p.code, quantity: p.qty }],
        freight,
        total,
        receiver:
          p.delivery === 'express'
            ? { name: '陈女士', phone: '13900001234', address: '上海市徐汇区漕溪北路 88 号 1201 室' }
            : undefined,
      },
      at,
    );
    const id = await orderIdByOuterNo(tx, clientId, outerNo);
    if (p.fate === 'pendingPay') continue;
    if (p.fate === 'cancelled') {
      await cancelOrder(tx, id, MINI, '会员取消', undefined, step(1));
      continue;
    }
    await payOrder(
      tx,
      id,
      MINI,
      { method: i % 3 ? 'wechat' : 'alipay', tradeNo: `DEMOPAY${outerNo}`, amount: ans.payable },
      step(0.2),
    );
    if (p.fate === 'toShip' || p.fate === 'toPickup') continue;
    if (p.delivery === 'pickup') {
      await pickupOrder(tx, id, HQ, undefined, step(30));
      continue;
    }
    await shipOrder(
      tx,
      id,
      HQ,
      { trackingCompany: '顺丰速运', trackingNo: `SF${String(1_000_000_000 + i)}` },
      undefined,
      step(20),
    );
    if (p.fate === 'shipped') continue;
    await receiveOrder(tx, id, MINI, step(60));
    if (p.fate === 'completed') continue;
    const { returnId } = await applyAfterSale(
      tx,
      id,
      MINI,
      {
        kind: p.fate === 'refunded' ? 'returnRefund' : 'refundOnly',
        reason: p.fate === 'rejected' ? '包装有破损' : '不喜欢这个味道',
      },
      step(70),
    );
    if (p.fate === 'afterSale') continue;
    if (p.fate === 'rejected') {
      await rejectReturn(tx, returnId, HQ, '商品完好，不符合退货条件', undefined, step(80));
      continue;
    }
    await approveReturn(tx, returnId, HQ, '同意', undefined, step(80));
    if (p.fate === 'refunded') await refundReturn(tx, returnId, HQ, undefined, step(90));
  }
};
