/**
 * /signBill: store managers' monthly 签单 quotas on the resource engine, with what each has signed
 * this month, and their enforcement: `assertSignQuota` runs in the bill's transaction, locks each
 * signer's quota row (FOR UPDATE, in id order) and refuses the bill (BILL_SIGN_QUOTA) when its
 * 签单 payments pass what is left of the bill's month (Beijing time). Used = Σ (amount − refunded)
 * of the month's 签单 payments at that store: a refund gives its amount back.
 */
import { SIGN_QUOTA } from '@zb/contract/entities/billConfig';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { shanghaiPeriod } from '@zb/contract/time';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { checkStoreInScope } from '../../platform/scope';
import { billPayment } from '../bills/schema';
import type { BillPaymentsToWrite } from '../bills/service';
import { setEnabled } from '../goods/goodsRef';
import { memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { signQuota } from './schema';

/** What the quota's manager has signed at its store in the current Beijing month (SQL, for the list). */
const usedThisMonth = sql<number>`(select coalesce(sum(p.amount - p.refunded), 0)::int from bill_payment p
  join member_consume c on c.id = p.consume_id
  where p.method = 'signBill' and p.signer_staff_id = "sign_quota"."staff_id" and c.store_id = "sign_quota"."store_id"
  and c.consumed_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))`;

export const signQuotaBinding = bindResource({
  decl: SIGN_QUOTA,
  table: signQuota,
  id: signQuota.id,
  joins: [
    { table: staff, on: eq(staff.id, signQuota.staffId), inner: true },
    { table: store, on: eq(store.id, signQuota.storeId), inner: true },
  ],
  columns: {
    staffPhone: staff.phone,
    staffName: staff.name,
    storeName: store.name,
    usedThisMonth,
    leftThisMonth: sql<number>`(${signQuota.monthlyQuota} - ${usedThisMonth})`,
  },
  scope: { store: signQuota.storeId },
  uniques: { sign_quota_store_staff_uq: 'staffPhone' },
  service: {
    create: async ({ tx, auth }, values) => {
      const phone = String(values.staffPhone);
      const [s] = await tx
        .select({ id: staff.id, name: staff.name, storeId: staff.storeId, status: staff.status })
        .from(staff)
        .where(eq(staff.phone, phone));
      if (!s) throw fieldError('staffPhone', `手机号「${phone}」不是本系统的员工`);
      if (s.status === 'left') throw fieldError('staffPhone', `员工「${s.name}」已离职，不能设置签单额度`);
      await checkStoreInScope(tx, auth.scope, s.storeId, 'staffPhone');
      const [taken] = await tx
        .select({ id: signQuota.id })
        .from(signQuota)
        .where(and(eq(signQuota.storeId, s.storeId), eq(signQuota.staffId, s.id)));
      if (taken) throw fieldError('staffPhone', `店长「${s.name}」在本店已有签单额度，请直接编辑`);
      const [row] = await tx
        .insert(signQuota)
        .values({
          storeId: s.storeId,
          staffId: s.id,
          monthlyQuota: values.monthlyQuota,
          enabled: values.enabled ?? true,
          remark: values.remark ?? null,
        })
        .returning({ id: signQuota.id });
      return row!.id;
    },
    batch: { enable: setEnabled(signQuota, true), disable: setEnabled(signQuota, false) },
  },
});

/**
 * Refuses (BILL_SIGN_QUOTA) the bill's 签单 payments at its store that pass the signer's quota
 * left in the month of the bill (registered with bills' billPaymentChecks): no quota at the store, a stopped quota, or too little left. Call in
 * the bill's transaction before its payments are written; the quota rows stay locked until it
 * ends, so two bills of one signer queue and the second sees the first's payment.
 */
export const assertSignQuota = async (tx: Tx, { storeId, at, payments }: BillPaymentsToWrite): Promise<void> => {
  const bySigner = new Map<number, number>();
  for (const p of payments) {
    if (p.method !== 'signBill' || !p.signerStaffId) continue;
    bySigner.set(p.signerStaffId, (bySigner.get(p.signerStaffId) ?? 0) + p.amount);
  }
  if (bySigner.size === 0) return;
  const signers = [...bySigner.keys()].sort((a, b) => a - b);
  const quotas = await tx
    .select({ id: signQuota.id, staffId: signQuota.staffId, quota: signQuota.monthlyQuota, enabled: signQuota.enabled })
    .from(signQuota)
    .where(and(eq(signQuota.storeId, storeId), inArray(signQuota.staffId, signers)))
    .orderBy(asc(signQuota.id))
    .for('update');
  const names = new Map(
    (await tx.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, signers))).map((r) => [
      r.id,
      r.name,
    ]),
  );
  const month = shanghaiPeriod(at, 'month');
  for (const staffId of signers) {
    const name = names.get(staffId) ?? String(staffId);
    const q = quotas.find((r) => r.staffId === staffId);
    if (!q) throw new BizError(ERR.BILL_SIGN_QUOTA, `店长「${name}」在本店没有签单额度，不能签单`);
    if (!q.enabled) throw new BizError(ERR.BILL_SIGN_QUOTA, `店长「${name}」的签单额度已停用，不能签单`);
    const [row] = await tx
      .select({ used: sql<number>`coalesce(sum(${billPayment.amount} - ${billPayment.refunded}), 0)::int` })
      .from(billPayment)
      .innerJoin(memberConsume, eq(memberConsume.id, billPayment.consumeId))
      .where(
        and(
          eq(billPayment.method, 'signBill'),
          eq(billPayment.signerStaffId, staffId),
          eq(memberConsume.storeId, storeId),
          gte(memberConsume.consumedAt, month.start),
          lt(memberConsume.consumedAt, month.end),
        ),
      );
    const used = Number(row?.used ?? 0);
    const want = bySigner.get(staffId)!;
    if (used + want > q.quota) {
      throw new BizError(
        ERR.BILL_SIGN_QUOTA,
        `签单 ${formatYuan(want)} 元超出店长「${name}」本月签单额度：额度 ${formatYuan(q.quota)} 元，已签 ${formatYuan(used)} 元，剩余 ${formatYuan(Math.max(q.quota - used, 0))} 元`,
      );
    }
  }
};
