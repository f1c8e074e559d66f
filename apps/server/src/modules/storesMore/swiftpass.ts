/**
 * Swiftpass merchants on the resource engine (/swiftpassStore): one per store of the caller's
 * scope. The signing key is write-only: it is kept encrypted with the server's cipher
 * (platform/crypto, the key any instance shares), never selected by a read — the list shows only
 * whether one is set — and an edit that leaves it blank keeps it. Who changed the row and when
 * are written by the service. No delete: 停用 is how a store stops using it.
 */
import { SWIFTPASS_MERCHANT } from '@zb/contract/entities/swiftpass';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Cipher } from '../../platform/crypto';
import { fieldError } from '../../platform/errors';
import type { ResourceBinding, Values } from '../../platform/resource/binding';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';
import { swiftpassMerchant } from './schema';

const updater = alias(userAccount, 'updater');

/** The row's values with the key encrypted (a key left out stays as it is). */
const sealed = (cipher: Cipher, values: Values): Values => {
  const out = { ...values };
  if (typeof values.signKey === 'string' && values.signKey) out.signKey = cipher.encrypt(values.signKey);
  else delete out.signKey;
  return out;
};

export const swiftpassResource = (cipher: Cipher): ResourceBinding => ({
  decl: SWIFTPASS_MERCHANT,
  table: swiftpassMerchant,
  id: swiftpassMerchant.id,
  columns: {
    storeCode: store.code,
    storeName: store.name,
    regionName: region.name,
    ownership: store.ownership,
    keySet: sql<boolean>`(${swiftpassMerchant.signKey} is not null)`,
    updatedByName: updater.nickname,
  },
  joins: [
    { table: store, on: eq(store.id, swiftpassMerchant.storeId), inner: true },
    { table: region, on: eq(region.id, store.regionId), inner: true },
    { table: updater, on: eq(updater.id, swiftpassMerchant.updatedBy) },
  ],
  scope: { store: swiftpassMerchant.storeId },
  uniques: { swiftpass_merchant_store_uq: 'storeId' },
  service: {
    create: async ({ tx, auth }, values) => {
      const [taken] = await tx
        .select({ id: swiftpassMerchant.id })
        .from(swiftpassMerchant)
        .where(eq(swiftpassMerchant.storeId, Number(values.storeId)));
      if (taken) throw fieldError('storeId', '该门店已配置威富通商户，请编辑原记录');
      const [row] = await tx
        .insert(swiftpassMerchant)
        // Kept: sealed answers Values (it encrypts the key of any write's values).
        .values({ ...(sealed(cipher, values) as typeof swiftpassMerchant.$inferInsert), updatedBy: auth.user.id })
        .returning({ id: swiftpassMerchant.id });
      return row!.id;
    },
    update: async ({ tx, auth }, id, values) => {
      await tx
        .update(swiftpassMerchant)
        .set({ ...sealed(cipher, values), updatedBy: auth.user.id, updatedAt: sql`now()` })
        .where(eq(swiftpassMerchant.id, id));
    },
  },
});
