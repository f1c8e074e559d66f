/**
 * Demo data of the bill configuration (issue 14, SPEC §2.13): monthly 签单 quotas for the store
 * managers of the named demo stores (BJ001's first), a few 签单 bills at BJ001 this month and last
 * (written through the ledger like every bill, so /StoreWrittenReport and /signBill's used amount
 * show real figures), draw limits on three projects (/drawLimitConfig), and the ordering terms
 * of two franchise stores (/cooperativeConfig). The limits go in after
 * the members' history, which they would otherwise have refused.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { drawLimit, signQuota } from '../modules/billConfig/schema';
import { billPayment } from '../modules/bills/schema';
import { product, project } from '../modules/goods/schema';
import { masterItem } from '../modules/master/schema';
import { consume } from '../modules/members/ledger';
import { member } from '../modules/members/schema';
import { staff } from '../modules/staff/schema';
import { cooperativeConfig } from '../modules/storeOrders/schema';
import { store } from '../modules/stores/schema';

const DAY = 86_400_000;

/** Store → monthly quota (分) of its 店长. */
const QUOTAS: readonly [storeCode: string, quota: number][] = [
  ['BJ001', 500_000],
  ['BJ002', 300_000],
  ['SH001', 400_000],
  ['SH002', 200_000],
  ['HZ001', 200_000],
  ['GZ001', 300_000],
];

/** Project → daily / monthly most sessions, and the scope. */
const LIMITS: readonly [code: string, daily: number | null, monthly: number | null, scope: 'all' | 'store'][] = [
  ['J006', 2, null, 'all'],
  ['J013', null, 8, 'all'],
  ['J019', 1, 6, 'store'],
];

/** 签单 bills at BJ001: days before `now`, product codes (one each). */
const SIGNED: readonly [daysAgo: number, products: readonly string[]][] = [
  [1, ['P006', 'P007']],
  [2, ['P001']],
  [4, ['P008', 'P002', 'P003']],
  [33, ['P007']],
  [36, ['P006', 'P001']],
];

export const seedBillConfig = async (tx: Tx, now: Date): Promise<void> => {
  const managers = await tx
    .select({ staffId: staff.id, storeId: store.id, code: store.code })
    .from(staff)
    .innerJoin(store, eq(store.id, staff.storeId))
    .innerJoin(masterItem, and(eq(masterItem.id, staff.positionId), eq(masterItem.code, 'MANAGE')))
    .where(
      inArray(
        store.code,
        QUOTAS.map(([c]) => c),
      ),
    )
    .orderBy(asc(staff.id));
  const quotaOf = new Map(QUOTAS);
  const seen = new Set<string>();
  const rows = managers.filter((m) => !seen.has(m.code) && seen.add(m.code));
  if (rows.length) {
    await tx.insert(signQuota).values(
      rows.map((m) => ({
        storeId: m.storeId,
        staffId: m.staffId,
        monthlyQuota: quotaOf.get(m.code)!,
        remark: m.code === 'BJ001' ? '店长每月签单额度（示例）' : null,
      })),
    );
  }

  const bj = rows.find((m) => m.code === 'BJ001');
  const [buyer] = bj
    ? await tx
        .select({ id: member.id })
        .from(member)
        .where(eq(member.storeId, bj.storeId))
        .orderBy(asc(member.id))
        .limit(1)
    : [];
  if (bj && buyer) {
    const products = new Map(
      (await tx.select({ id: product.id, code: product.code }).from(product)).map((p) => [p.code, p.id]),
    );
    for (const [daysAgo, codes] of SIGNED) {
      const at = new Date(now.getTime() - daysAgo * DAY - 3 * 3_600_000);
      const lines = codes.flatMap((c, i) =>
        products.has(c) ? [{ productId: products.get(c)!, quantity: 1, line: i + 1 }] : [],
      );
      if (lines.length === 0) continue;
      const bill = await consume(tx, {
        memberId: buyer.id,
        storeId: bj.storeId,
        staffId: bj.staffId,
        at,
        lines,
        remark: '店长签单',
        userId: null,
        bill: { kind: 'retail', source: 'pos', clientId: null, outerNo: null, otherLines: [] },
      });
      await tx.insert(billPayment).values({
        consumeId: bill.consumeId,
        seq: 1,
        method: 'signBill',
        amount: bill.paidOther,
        signerStaffId: bj.staffId,
      });
    }
  }

  const projects = new Map(
    (
      await tx
        .select({ id: project.id, code: project.code })
        .from(project)
        .where(
          inArray(
            project.code,
            LIMITS.map(([c]) => c),
          ),
        )
    ).map((p) => [p.code, p.id]),
  );
  const limits = LIMITS.flatMap(([code, dailyMax, monthlyMax, storeScope]) =>
    projects.has(code) ? [{ projectId: projects.get(code)!, dailyMax, monthlyMax, storeScope }] : [],
  );
  if (limits.length) await tx.insert(drawLimit).values(limits);

  // /cooperativeConfig: two franchise stores outside the named demo ones (whose orders the tests
  // price at cost): one orders everything at 一档, the other only its listed goods at 二档.
  const franchise = await tx
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.ownership, 'franchise'), eq(store.status, 'open')))
    .orderBy(desc(store.id))
    .limit(2);
  const listed = (
    await tx
      .select({ id: product.id })
      .from(product)
      .where(inArray(product.code, ['P001', 'P002', 'P003', 'P004', 'P005', 'P006']))
  ).map((p) => p.id);
  const terms = [
    { priceTier: 'tier1', goodsScope: 'all', productIds: [], remark: '加盟店标准订货价' },
    { priceTier: 'tier2', goodsScope: 'listed', productIds: listed, remark: '仅订洗护类商品' },
  ];
  if (franchise.length) {
    await tx.insert(cooperativeConfig).values(franchise.map((f, i) => ({ storeId: f.id, ...terms[i]! })));
  }
};
