/**
 * /easConfig on the resource engine: the fee types' EAS subjects, each store's configuration
 * (company code, royalty, deep cooperation) and the vouchers made (read-only).
 */
import { EAS_STORE, EAS_SUBJECT, ERP_VOUCHER } from '@zb/contract/entities/erp';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { store } from '../stores/schema';
import { easStore, easSubject, erpVoucher } from './schema';

export const easSubjectBinding = bindResource({
  decl: EAS_SUBJECT,
  table: easSubject,
  id: easSubject.id,
  uniques: { eas_subject_fee_type_uq: 'feeType' },
  service: {
    update: async ({ tx }, id, values) => {
      await tx
        .update(easSubject)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(easSubject.id, id));
    },
  },
});

/**
 * Rates: a deep-cooperation store is a franchise store with its share rate; a share rate without
 * deep cooperation is refused.
 */
const checkRates = async (
  tx: Tx,
  storeId: number,
  values: { deepCoop?: boolean | null; shareRate?: number | null },
) => {
  if (values.deepCoop === true) {
    const [s] = await tx.select({ ownership: store.ownership }).from(store).where(eq(store.id, storeId));
    if (s?.ownership !== 'franchise') throw fieldError('deepCoop', '只有加盟门店可以设为深度合作');
  }
  if (values.deepCoop === true && !(Number(values.shareRate) > 0)) {
    throw fieldError('shareRate', '深度合作门店请填写大于 0 的分润比例');
  }
  if (values.deepCoop === false && Number(values.shareRate) > 0) {
    throw fieldError('shareRate', '非深度合作门店的分润比例须为 0');
  }
};

export const easStoreBinding = bindResource({
  decl: EAS_STORE,
  table: easStore,
  id: easStore.id,
  columns: { storeCode: store.code, storeName: store.name, ownership: store.ownership },
  joins: [{ table: store, on: eq(store.id, easStore.storeId), inner: true }],
  scope: { store: easStore.storeId },
  uniques: { eas_store_store_uq: 'storeId' },
  service: {
    create: async ({ tx }, values) => {
      await checkRates(tx, Number(values.storeId), values);
      const [taken] = await tx
        .select({ id: easStore.id })
        .from(easStore)
        .where(eq(easStore.storeId, Number(values.storeId)));
      if (taken) throw fieldError('storeId', '该门店已有 EAS 配置，请编辑原记录');
      const [row] = await tx.insert(easStore).values(values).returning({ id: easStore.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const [row] = await tx.select({ storeId: easStore.storeId }).from(easStore).where(eq(easStore.id, id));
      await checkRates(tx, row!.storeId, {
        deepCoop: values.deepCoop ?? before.deepCoop,
        shareRate: values.shareRate ?? before.shareRate,
      });
      await tx
        .update(easStore)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(easStore.id, id));
    },
  },
});

export const erpVoucherBinding = bindResource({
  decl: ERP_VOUCHER,
  table: erpVoucher,
  id: erpVoucher.id,
  columns: { storeCode: store.code, storeName: store.name },
  joins: [{ table: store, on: eq(store.id, erpVoucher.storeId), inner: true }],
  scope: { store: erpVoucher.storeId },
});
