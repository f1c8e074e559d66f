/**
 * Demo data of 老板赠送 (issue 16): an activity running at every store (a 头疗体验券 and the 护理礼券
 * as gifts, 2000 元 a store), one 待审核, one 已结束 and a 草稿; the bosses of TJ001 and CQ001 gave
 * members gifts (so /bossGiftRecordList, /storeGiftCal and the members' /giftsProject have rows in
 * two regions), and one gift coupon was used on a bill at TJ001.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { decideIn } from '../modules/approvals/service';
import { sendBill } from '../modules/bills/service';
import { bossGiftAct, bossGiftItem } from '../modules/bossGifts/schema';
import { bossGiftLifecycle, giveBossGift } from '../modules/bossGifts/service';
import { couponTemplate } from '../modules/coupons/schema';
import { couponTemplateBinding, moveTemplate } from '../modules/coupons/service';
import { project } from '../modules/goods/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';
import { COUPON_BASE } from './coupons';
import { rowsOf } from './generate';

const DAY = 86_400_000;
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
const dayOf = (d: Date) => beijing(d).slice(0, 10);

export const seedBossGifts = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const stores = await tx
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(inArray(store.code, ['TJ001', 'CQ001']));
  const [voucher] = await tx
    .select({ id: couponTemplate.id })
    .from(couponTemplate)
    .where(eq(couponTemplate.name, '护理礼券（赠送）'));
  const [j001] = await tx
    .select({ code: project.code, price: project.price })
    .from(project)
    .where(eq(project.code, 'J001'));
  if (!admin || stores.length < 2 || !voucher || !j001) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const trial = await couponTemplateBinding.service!.create!({ tx, auth }, {
    ...COUPON_BASE,
    name: '头疗体验券（老板赠送）',
    kind: 'projectTrial',
    goodsScope: 'chosen',
    goodsCodes: j001.code,
    validDays: 90,
    totalQuantity: 500,
    perMemberLimit: 10,
    remark: '门店老板赠送的头皮深层清洁护理一次',
  } as never);
  await moveTemplate(tx, auth, 'submit', trial);
  await moveTemplate(tx, auth, 'approve', trial);

  const day = (d: number) => dayOf(new Date(now.getTime() + d * DAY));
  const acts = await tx
    .insert(bossGiftAct)
    .values([
      {
        name: '老板请客·头疗体验',
        startDay: day(-10),
        endDay: day(50),
        storeBudget: 200_000,
        perMemberMax: 3,
        remark: '门店老板向老顾客赠送头疗体验与护理礼券',
      },
      {
        name: '店庆答谢',
        startDay: day(10),
        endDay: day(20),
        storeBudget: 100_000,
        perMemberMax: 2,
        remark: '待总部审核',
      },
      { name: '国庆老板礼', startDay: day(-70), endDay: day(-60), storeBudget: 100_000, perMemberMax: 2 },
      { name: '年终答谢（草拟）', startDay: day(30), endDay: day(60), storeBudget: 300_000, perMemberMax: 3 },
    ])
    .returning({ id: bossGiftAct.id });
  const [running, pending, past, draft] = acts.map((a) => a.id) as number[];
  await tx.insert(bossGiftItem).values([
    { actId: running!, line: 0, couponTemplateId: trial, value: j001.price },
    { actId: running!, line: 1, couponTemplateId: voucher.id, value: 3_000 },
    { actId: pending!, line: 0, couponTemplateId: voucher.id, value: 3_000 },
    { actId: past!, line: 0, couponTemplateId: voucher.id, value: 3_000 },
    { actId: draft!, line: 0, couponTemplateId: trial, value: j001.price },
  ]);
  for (const id of [running!, past!]) {
    await bossGiftLifecycle.submit(tx, auth, id);
    const [row] = await tx.select({ a: bossGiftAct.approvalId }).from(bossGiftAct).where(eq(bossGiftAct.id, id));
    await decideIn(tx, admin.id, { id: row!.a!, decision: 'approve', comment: '同意' }, undefined);
  }
  await bossGiftLifecycle.submit(tx, auth, pending!);
  await tx.update(bossGiftAct).set({ status: 'ended' }).where(eq(bossGiftAct.id, past!));

  // Each store's boss gives three of its members (not blacklisted) a 头疗体验 and one the 护理礼券 twice.
  for (const [k, s] of stores.entries()) {
    const members = rowsOf<{ phone: string }>(
      await tx.execute(sql`select m.phone from member m where m.store_id = ${s.id} and m.status = 'normal'
        and not exists (select 1 from security_blacklist b where (b.kind = 'member' and b.member_id = m.id)
          or (b.kind = 'phone' and b.value = m.phone))
        order by m.id limit 3`),
    );
    if (members.length < 3) continue;
    const at = new Date(now.getTime() - (6 - k) * DAY);
    const give = (couponTemplateId: number, phones: string[], count: number, remark: string) =>
      giveBossGift(tx, auth, { actId: running!, storeId: s.id, couponTemplateId, count, phones, remark }, at);
    await give(
      trial,
      members.map((m) => m.phone),
      1,
      '老顾客答谢',
    );
    await give(voucher.id, [members[0]!.phone], 2, '生日到店');
  }

  // One 护理礼券 used at TJ001: a 头皮深层清洁护理 paid partly by it.
  const [used] = rowsOf<{ coupon_no: string; phone: string }>(
    await tx.execute(sql`select c.coupon_no, m.phone from member_coupon c join member m on m.id = c.member_id
      where c.template_id = ${voucher.id} and c.source = 'bossGift' and c.status = 'unused'
        and m.store_id = ${stores.find((s) => s.code === 'TJ001')!.id}
      order by c.id limit 1`),
  );
  if (!used) return;
  const tj = stores.find((s) => s.code === 'TJ001')!;
  await sendBill(
    tx,
    { clientId: null, kind: 'pos', name: 'TJ001 收银', storeId: tj.id },
    {
      outerNo: 'DEMO-LB-BILL-1',
      storeCode: 'TJ001',
      member: used.phone,
      at: beijing(new Date(now.getTime() - 2 * DAY)),
      lines: [{ kind: 'project', code: j001.code, quantity: 1, staff: [] }],
      payments: [{ method: 'cash', amount: j001.price - 3_000 }],
      coupons: [used.coupon_no],
      remark: '老板赠送礼券抵扣',
    },
  );
};
