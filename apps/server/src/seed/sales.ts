/**
 * Demo data of /salesList and /salesDetail (issue 16): plans in every state — 进行中 at every
 * store (养发茶饮 特价, 蒸汽护理面罩 8 折, 修护焗油 特价) and at two stores, 待审核, 已驳回,
 * 已停用, 已结束 and a 草稿 — approved or rejected through the approval center; and bills at
 * BJ001's demo POS priced by the running plan, so its 活动效果 and 销售记录 show real sales.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { billPricing, postBill } from '../modules/bills/service';
import { card, product, project } from '../modules/goods/schema';
import { openClient } from '../modules/openApi/schema';
import { SALE_PRICING } from '../modules/sales/routes';
import { sale, saleItem } from '../modules/sales/schema';
import { disableSale, submitSale } from '../modules/sales/service';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { rowsOf } from './generate';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

export const seedSales = async (tx: Tx, now: Date): Promise<void> => {
  // Bills are priced in their transaction by the sales module's hook.
  billPricing.register(SALE_PRICING);
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [pos] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const [bj] = await tx.select({ id: store.id }).from(store).where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  const productId = async (code: string) =>
    (await tx.select({ id: product.id }).from(product).where(eq(product.code, code)))[0]?.id;
  const tea = await productId('P026');
  const mask = await productId('P027');
  const [detox] = (await tx.select({ id: project.id }).from(project).where(eq(project.code, 'J015'))).map((r) => r.id);
  const [someCard] = await tx.select({ id: card.id }).from(card).where(eq(card.code, 'C006'));
  // Two stores no test bills at (tests expect list prices).
  const twoStores = await tx
    .select({ code: store.code })
    .from(store)
    .where(inArray(store.code, ['CS001', 'TJ001']));
  const [member] = rowsOf<{ phone: string }>(await tx.execute(sql`select phone from member order by id limit 1`));
  if (!admin || !pos || !bj || !tea || !mask || !detox || !someCard || twoStores.length < 2 || !member) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const day = (d: number) => dayOf(new Date(now.getTime() + d * DAY));

  const plans = await tx
    .insert(sale)
    .values([
      {
        name: '养护好物限时特价',
        startDay: day(-20),
        endDay: day(40),
        remark: '全国门店：养发茶饮特价、面罩 8 折、修护焗油特价',
      },
      {
        name: '门店周年庆卡项优惠',
        startDay: day(-5),
        endDay: day(25),
        storeScope: 'chosen',
        storeCodes: twoStores.map((s) => s.code.toUpperCase()).join(','),
        remark: '两家门店周年庆期间，储值卡3000元 9 折',
      },
      { name: '双十二预热', startDay: day(5), endDay: day(15), remark: '待总部审核' },
      { name: '周末护理特价（驳回）', startDay: day(2), endDay: day(30) },
      { name: '国庆护理节', startDay: day(-60), endDay: day(-50) },
      { name: '夏季清爽季（停用）', startDay: day(-30), endDay: day(30) },
      { name: '春节护理特惠（草拟）', startDay: day(60), endDay: day(75) },
    ])
    .returning({ id: sale.id });
  const [running, newStores, pending, rejected, past, stopped, draft] = plans.map((p) => p.id) as number[];
  await tx.insert(saleItem).values([
    { saleId: running!, line: 0, kind: 'product', goodsId: tea, mode: 'price', value: 6_800 },
    { saleId: running!, line: 1, kind: 'product', goodsId: mask, mode: 'rate', value: 80 },
    { saleId: running!, line: 2, kind: 'project', goodsId: detox, mode: 'price', value: 9_900 },
    { saleId: newStores!, line: 0, kind: 'card', goodsId: someCard.id, mode: 'rate', value: 90 },
    { saleId: pending!, line: 0, kind: 'product', goodsId: tea, mode: 'rate', value: 75 },
    { saleId: rejected!, line: 0, kind: 'project', goodsId: detox, mode: 'rate', value: 50 },
    { saleId: past!, line: 0, kind: 'project', goodsId: detox, mode: 'rate', value: 88 },
    { saleId: stopped!, line: 0, kind: 'product', goodsId: mask, mode: 'price', value: 3_900 },
    { saleId: draft!, line: 0, kind: 'product', goodsId: tea, mode: 'rate', value: 85 },
  ]);
  const decide = async (id: number, decision: 'approve' | 'reject', comment: string) => {
    await submitSale(tx, auth, id);
    const [row] = await tx.select({ approvalId: sale.approvalId }).from(sale).where(eq(sale.id, id));
    await decideIn(tx, admin.id, { id: row!.approvalId!, decision, comment }, undefined);
  };
  for (const id of [running!, newStores!, past!, stopped!]) await decide(id, 'approve', '同意');
  await decide(rejected!, 'reject', '折扣过大，请调整到 7 折以上');
  await submitSale(tx, auth, pending!);
  await disableSale(tx, auth, stopped!);
  // 国庆护理节 ran in the autumn: the nightly job ended it.
  await tx
    .update(sale)
    .set({ status: 'ended' })
    .where(inArray(sale.id, [past!]));

  const caller = { clientId: pos.id, kind: 'pos' as const, name: pos.name, storeId: bj.id };
  const sell = (
    k: number,
    daysAgo: number,
    lines: { kind: 'product' | 'project'; code: string; quantity: number }[],
    pay: number,
  ) =>
    postBill(tx, caller, {
      outerNo: `DEMO-ZK-BILL-${k}`,
      storeCode: DEMO_OPEN_KEYS.pos.storeCode,
      member: member.phone,
      at: beijing(new Date(now.getTime() - daysAgo * DAY)),
      lines: lines.map((l) => ({ ...l, staff: [] })),
      payments: [{ method: 'wechat', amount: pay, tradeNo: `4200021${String(770000 + k).padStart(10, '0')}` }],
      remark: '折扣方案活动价',
    });
  // 养发茶饮 98 → 68 元; 蒸汽护理面罩 58 元 8 折 → 46.40 元; 修护焗油 168 → 99 元.
  await sell(1, 6, [{ kind: 'product', code: 'P026', quantity: 2 }], 13_600);
  await sell(
    2,
    4,
    [
      { kind: 'product', code: 'P027', quantity: 1 },
      { kind: 'project', code: 'J015', quantity: 1 },
    ],
    4_640 + 9_900,
  );
  await sell(3, 1, [{ kind: 'product', code: 'P026', quantity: 1 }], 6_800);
};
