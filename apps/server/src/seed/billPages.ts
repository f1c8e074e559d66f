/**
 * Demo data of the bill pages (issue 14): a few bills that break the abnormal rules, written
 * through the ledger like every bill (a bill sent twice a few minutes apart, a card drawn late at
 * night, a retail bill over the amount limit), two bills closed (关单, their draws reversed), the
 * abnormal scan over the whole history, and one flagged bill handled (确认无误) — so
 * /abnormalBillingList, /billingListClose and /orderDetails have something to show.
 */
import { ABNORMAL_FLOW } from '@zb/contract/entities/abnormalBill';
import { SETTINGS } from '@zb/contract/settings';
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { scanAbnormalBills } from '../modules/bills/abnormal';
import { abnormalBill } from '../modules/bills/schema';
import { closeBillIn } from '../modules/bills/view';
import { product } from '../modules/goods/schema';
import { type ConsumeLineInput, consume } from '../modules/members/ledger';
import { memberConsume, memberConsumeLine } from '../modules/members/schema';
import { BizError } from '../platform/errors';
import { runStep } from '../platform/flow';

const MINUTE = 60_000;
const BEIJING = 8 * 3_600_000;
const DAY = 86_400_000;
/** 金额超限's threshold as a fresh database has it (/otherConfig), in 分. */
const AMOUNT_LIMIT = SETTINGS.abnormalAmountLimitYuan.default * 100;

/** The card bills of the last weeks, newest first, with their lines. */
const recentCardBills = async (tx: Tx, now: Date) => {
  const bills = await tx
    .select({
      id: memberConsume.id,
      memberId: memberConsume.memberId,
      storeId: memberConsume.storeId,
      staffId: memberConsume.staffId,
      at: memberConsume.consumedAt,
    })
    .from(memberConsume)
    .where(and(gt(memberConsume.paidByCard, 0), gt(memberConsume.consumedAt, new Date(now.getTime() - 20 * DAY))))
    .orderBy(desc(memberConsume.id))
    .limit(12);
  const out: { bill: (typeof bills)[number]; lines: ConsumeLineInput[] }[] = [];
  for (const bill of bills) {
    const lines = await tx
      .select({
        projectId: memberConsumeLine.projectId,
        productId: memberConsumeLine.productId,
        quantity: memberConsumeLine.quantity,
        memberCardId: memberConsumeLine.memberCardId,
      })
      .from(memberConsumeLine)
      .where(and(eq(memberConsumeLine.consumeId, bill.id), isNotNull(memberConsumeLine.memberCardId)))
      .orderBy(asc(memberConsumeLine.line));
    const usable = lines.flatMap((l) =>
      l.projectId !== null || l.productId !== null
        ? [
            {
              ...(l.projectId !== null ? { projectId: l.projectId } : { productId: l.productId! }),
              quantity: l.quantity,
              memberCardId: l.memberCardId,
            },
          ]
        : [],
    );
    if (usable.length) out.push({ bill, lines: usable });
  }
  return out;
};

/** A bill through the ledger; a refusal (the card has too little left) writes nothing and answers null. */
const tryConsume = async (tx: Tx, input: Parameters<typeof consume>[1]) => {
  try {
    return await tx.transaction((inner) => consume(inner, input));
  } catch (e) {
    if (e instanceof BizError) return null;
    throw e;
  }
};

export const seedBillPages = async (tx: Tx, now: Date): Promise<void> => {
  const bills = await recentCardBills(tx, now);
  const made: number[] = [];
  // 重复开单: the same bill again a few minutes later.
  for (const { bill, lines } of bills.slice(0, 4)) {
    const again = await tryConsume(tx, {
      memberId: bill.memberId,
      storeId: bill.storeId,
      staffId: bill.staffId,
      at: new Date(bill.at.getTime() + 3 * MINUTE),
      lines,
      remark: '收银机重复提交',
      userId: null,
    });
    if (again) made.push(again.consumeId);
  }
  // 营业时间外划卡: a draw at 23:20 Beijing on the bill's day.
  for (const { bill, lines } of bills.slice(4, 6)) {
    const day = Math.floor((bill.at.getTime() + BEIJING) / DAY) * DAY - BEIJING;
    const late = await tryConsume(tx, {
      memberId: bill.memberId,
      storeId: bill.storeId,
      staffId: bill.staffId,
      at: new Date(Math.min(day + 23 * 3_600_000 + 20 * MINUTE, now.getTime() - MINUTE)),
      lines: lines.slice(0, 1),
      remark: '闭店后补录',
      userId: null,
    });
    if (late) made.push(late.consumeId);
  }
  // 金额超限: a retail bill of one product over the limit, paid otherwise.
  const [goods] = await tx
    .select({ id: product.id, price: product.retailPrice })
    .from(product)
    .where(and(gt(product.retailPrice, 2_000), sql`${product.retailPrice} * 999 > ${AMOUNT_LIMIT}`))
    .orderBy(desc(product.retailPrice))
    .limit(1);
  const host = bills[6]?.bill;
  if (goods && host) {
    await tryConsume(tx, {
      memberId: host.memberId,
      storeId: host.storeId,
      staffId: host.staffId,
      at: new Date(host.at.getTime() + 30 * MINUTE),
      lines: [{ productId: goods.id, quantity: Math.ceil((AMOUNT_LIMIT + 1) / goods.price) }],
      remark: '团购批量采购',
      userId: null,
    });
  }
  // 关单: two bills that should not stand; their draws go back to the cards.
  const closeReasons = ['会员投诉未到店，核实后关单', '收银员误操作，门店申请关单'];
  for (const [i, { bill }] of bills.slice(7, 9).entries()) {
    await closeBillIn(
      tx,
      { userId: null },
      bill.id,
      closeReasons[i]!,
      new Date(Math.min(bill.at.getTime() + 2 * DAY, now.getTime())),
    );
  }
  await scanAbnormalBills(tx, now);
  // One flagged bill handled: 确认无误.
  const [first] = await tx
    .select({ id: abnormalBill.id })
    .from(abnormalBill)
    .where(eq(abnormalBill.rule, 'duplicate'))
    .orderBy(asc(abnormalBill.id))
    .limit(1);
  if (first) {
    await runStep(tx, {
      flow: ABNORMAL_FLOW,
      table: abnormalBill,
      id: first.id,
      step: 'confirm',
      by: { kind: 'console', userId: null },
      reason: '门店确认会员当日两次到店，单据无误',
      set: { handledAt: now, handleNote: '门店确认会员当日两次到店，单据无误' },
      at: now,
    });
  }
};
