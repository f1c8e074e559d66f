/**
 * Demo coupons (issue 16), written through the services the API uses: templates in every state
 * (草稿, 待审核, 进行中 ×2, 已停用), coupons issued to BJ001's members, three used on bills the demo
 * POS posts through the open-API bill service (one of them refunded through the approval center, its
 * coupon given back), coupons of a stopped campaign expired by the job, failed issues (a blacklisted
 * member, a member at the per-member limit) for /couponsResend, and a 延期 application waiting in
 * the approval center.
 */
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { postBill } from '../modules/bills/service';
import { expireCoupons, issueCoupons } from '../modules/coupons/ledger';
import { memberCoupon } from '../modules/coupons/schema';
import { applyDelay, couponTemplateBinding, moveTemplate } from '../modules/coupons/service';
import { project } from '../modules/goods/schema';
import { member, memberConsume } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { applyConsoleRefund, stepRefund } from '../modules/refunds/service';
import { securityBlacklist } from '../modules/security/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

/** A template's values besides its name, kind and value (other seeds make templates from it too). */
export const COUPON_BASE = {
  goodsScope: 'all',
  goodsCodes: null,
  storeScope: 'all',
  storeCodes: null,
  stackable: false,
  validityMode: 'days',
  validFrom: null,
  validTo: null,
  validDays: 30,
  amount: null,
  threshold: 0,
  discountRate: null,
  maxDiscount: null,
  totalQuantity: 500,
  perMemberLimit: 1,
  remark: null,
} as const;

export const seedCoupons = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [client] = await tx.select().from(openClient).where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  const [bj] = await tx.select({ id: store.id }).from(store).where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  const [proj] = await tx
    .select({ code: project.code, price: project.price })
    .from(project)
    .where(gte(project.price, 12_000))
    .orderBy(asc(project.id))
    .limit(1);
  if (!admin || !client || !bj || !proj) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const create = (values: Record<string, unknown>) =>
    couponTemplateBinding.service!.create!({ tx, auth }, { ...COUPON_BASE, ...values } as never);
  const activate = async (id: number) => {
    await moveTemplate(tx, auth, 'submit', id);
    await moveTemplate(tx, auth, 'approve', id);
  };

  const newcomer = await create({
    name: '新客满120减20',
    kind: 'fullReduction',
    threshold: 12_000,
    amount: 2000,
    perMemberLimit: 1,
    remark: '新客首单立减',
  });
  await activate(newcomer);
  const memberDay = await create({
    name: '会员日85折券',
    kind: 'discount',
    discountRate: 1500,
    maxDiscount: 5000,
    stackable: true,
    validityMode: 'fixed',
    validFrom: dayOf(new Date(now.getTime() - 30 * DAY)),
    validTo: dayOf(new Date(now.getTime() + 60 * DAY)),
    validDays: null,
    perMemberLimit: 2,
  });
  await activate(memberDay);
  const trial = await create({
    name: '头皮护理体验券',
    kind: 'projectTrial',
    goodsScope: 'chosen',
    goodsCodes: proj.code,
    storeScope: 'chosen',
    storeCodes: 'BJ001,BJ002',
    totalQuantity: 200,
  });
  await moveTemplate(tx, auth, 'submit', trial);
  await create({ name: '50元代金券', kind: 'voucher', amount: 5000, threshold: 20_000, totalQuantity: 1000 });
  const holiday = await create({
    name: '国庆30元代金券',
    kind: 'voucher',
    amount: 3000,
    validDays: 7,
    totalQuantity: 100,
  });
  await activate(holiday);

  // BJ001's members first (the demo POS's store), then others.
  const members = await tx
    .select({ id: member.id, code: member.code })
    .from(member)
    .orderBy(sql`${member.storeId} <> ${bj.id}`, asc(member.id))
    .limit(12);
  if (members.length < 12) return;
  const ids = members.map((m) => m.id);
  const [black] = await tx
    .select({ memberId: securityBlacklist.memberId })
    .from(securityBlacklist)
    .where(isNotNull(securityBlacklist.memberId))
    .limit(1);
  const issuedAt = new Date(now.getTime() - 20 * DAY);
  // 新客券 to BJ001's members, and again to two of them (per-member limit) and to a blacklisted member: failures.
  await issueCoupons(tx, {
    templateId: newcomer,
    memberIds: [...ids, ...(black?.memberId ? [black.memberId] : [])],
    source: 'store',
    label: '北京朝阳店',
    userId: admin.id,
    at: issuedAt,
  });
  await issueCoupons(tx, {
    templateId: newcomer,
    memberIds: ids.slice(0, 2),
    source: 'members',
    userId: admin.id,
    at: issuedAt,
  });
  await issueCoupons(tx, {
    templateId: memberDay,
    memberIds: ids.slice(0, 6),
    source: 'members',
    userId: admin.id,
    at: issuedAt,
  });
  // The holiday campaign's coupons ran out 7 days after issue: the job expires them; then it stopped.
  await issueCoupons(tx, {
    templateId: holiday,
    memberIds: ids.slice(6),
    source: 'members',
    userId: admin.id,
    at: new Date(now.getTime() - 40 * DAY),
  });
  await moveTemplate(tx, auth, 'disable', holiday);
  await expireCoupons(tx, now);

  // Three bills at BJ001's demo POS, each paying one coupon with the rest by WeChat.
  const caller = { clientId: client.id, kind: 'pos' as const, name: client.name, storeId: bj.id };
  const couponOf = async (templateId: number, memberId: number) =>
    (
      await tx
        .select({ no: memberCoupon.couponNo })
        .from(memberCoupon)
        .where(and(eq(memberCoupon.templateId, templateId), eq(memberCoupon.memberId, memberId)))
        .limit(1)
    )[0]?.no;
  const bills: { billNo: string; cash: number; coupon: number }[] = [];
  for (const [k, [templateId, m]] of (
    [
      [newcomer, members[0]!],
      [newcomer, members[1]!],
      [memberDay, members[2]!],
    ] as const
  ).entries()) {
    const no = await couponOf(templateId, m.id);
    if (!no) continue;
    const coupon = templateId === newcomer ? 2000 : Math.min(Math.floor((proj.price * 1500) / 10000), 5000);
    const answer = await postBill(tx, caller, {
      outerNo: `DEMO-QY-${k + 1}`,
      storeCode: DEMO_OPEN_KEYS.pos.storeCode,
      member: m.code,
      at: beijing(new Date(now.getTime() - (10 - k) * DAY)),
      lines: [{ kind: 'project', code: proj.code, quantity: 1, staff: [] }],
      payments: [
        { method: 'wechat', amount: proj.price - coupon, tradeNo: `4200010${String(770000 + k).padStart(10, '0')}` },
      ],
      coupons: [no],
      remark: '使用优惠券',
    });
    bills.push({ billNo: answer.billNo, cash: proj.price - coupon, coupon });
  }
  // The second bill refunded whole through the approval center: its coupon is 未使用 again (退回).
  const second = bills[1];
  if (second) {
    const [b] = await tx
      .select({ id: memberConsume.id })
      .from(memberConsume)
      .where(eq(memberConsume.billNo, second.billNo));
    const applied = await applyConsoleRefund(tx, auth, {
      consumeId: b!.id,
      lines: [{ line: 1, amount: proj.price }],
      payments: [
        { seq: 1, amount: second.cash },
        { seq: 2, amount: second.coupon },
      ],
      reason: '顾客临时有事，整单退款',
    });
    await decideIn(tx, admin.id, { id: applied.approvalId!, decision: 'approve', comment: '同意' }, undefined);
    await stepRefund(tx, auth, { id: applied.id, step: 'execute' });
  }
  // A 延期 waiting in the approval center: two unused 会员日 coupons, 15 days more.
  const unused = await tx
    .select({ no: memberCoupon.couponNo })
    .from(memberCoupon)
    .where(eq(memberCoupon.templateId, memberDay))
    .orderBy(asc(memberCoupon.id));
  const nos = unused.slice(3, 5).map((c) => c.no);
  if (nos.length) await applyDelay(tx, auth, { couponNos: nos, days: 15, reason: '会员日活动顺延' });
};
