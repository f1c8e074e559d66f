/**
 * The lists of store orders on the resource engine: goods orders (/bookProdLstNew), material
 * orders (/materialBookProdLstNew), the old system's orders (/bookProdLst) and the material
 * catalogue (/orderConfiguration). Orders are read-only here: every change is a step of
 * service.ts. Each list is limited to the caller's data scope by the order's store.
 */
import { LEGACY_ORDER } from '@zb/contract/entities/legacyOrder';
import { MATERIAL } from '@zb/contract/entities/material';
import type { OrderFamily } from '@zb/contract/entities/storeOrder';
import { MATERIAL_ORDER_FAMILY, STORE_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bindResource, type ResourceBinding } from '../../platform/resource/binding';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';
import { legacyStoreOrder, material, storeOrder } from './schema';

const submitter = alias(userAccount, 'submitter');

// Correlated subqueries spell the outer table out (drizzle leaves single-table columns unqualified).
const lineCount = sql<number>`(select count(*)::int from store_order_line l where l.order_id = "store_order"."id")`;

const orderBinding = (f: OrderFamily): ResourceBinding => ({
  decl: f.decl,
  table: storeOrder,
  id: storeOrder.id,
  columns: {
    storeName: store.name,
    storeCode: store.code,
    regionName: region.name,
    lineCount,
    submitterName: submitter.nickname,
  },
  joins: [
    { table: store, on: eq(store.id, storeOrder.storeId) },
    { table: region, on: eq(region.id, store.regionId) },
    { table: submitter, on: eq(submitter.id, storeOrder.createdBy) },
  ],
  where: f.kinds.length === 1 ? eq(storeOrder.kind, f.kinds[0]!) : inArray(storeOrder.kind, [...f.kinds]),
  scope: { store: storeOrder.storeId },
});

export const storeOrderBinding = orderBinding(STORE_ORDER_FAMILY);
export const materialOrderBinding = orderBinding(MATERIAL_ORDER_FAMILY);

export const bindingOf = (f: OrderFamily): ResourceBinding =>
  f.key === 'material' ? materialOrderBinding : storeOrderBinding;

export const legacyOrderBinding = bindResource({
  decl: LEGACY_ORDER,
  table: legacyStoreOrder,
  id: legacyStoreOrder.id,
  columns: {
    storeName: store.name,
    regionName: region.name,
    lineCount: sql<number>`jsonb_array_length("legacy_store_order"."lines")`,
  },
  joins: [
    { table: store, on: eq(store.id, legacyStoreOrder.storeId) },
    { table: region, on: eq(region.id, store.regionId) },
  ],
  scope: { store: legacyStoreOrder.storeId },
});

/** The material catalogue: a material that order lines refer to is not deleted (RECORD_IN_USE). */
export const materialBinding = bindResource({
  decl: MATERIAL,
  table: material,
  id: material.id,
  uniques: { material_code_uq: 'code' },
});
