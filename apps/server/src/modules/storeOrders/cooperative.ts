/**
 * /cooperativeConfig on the resource engine, and the terms a goods order of a franchise store
 * takes from it (service.ts priceLines): only the listed products when the store's goods are
 * 指定商品, each at its cost price × the tier's rate. A store is named by its code; only a
 * franchise store may have a row; the products are named by their codes.
 */
import { COOP_PRODUCTS_MAX, COOPERATIVE_CONFIG } from '@zb/contract/entities/cooperativeConfig';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { checkStoreInScope } from '../../platform/scope';
import { setEnabled } from '../goods/goodsRef';
import { product } from '../goods/schema';
import { store } from '../stores/schema';
import { cooperativeConfig } from './schema';

/** The product ids of the codes written (comma, space or newline separated); every code must exist. */
const productIdsOf = async (tx: Tx, text: unknown): Promise<number[]> => {
  const codes = [
    ...new Set(
      String(text ?? '')
        .split(/[\s,，、]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length > COOP_PRODUCTS_MAX) throw fieldError('productCodes', `最多指定 ${COOP_PRODUCTS_MAX} 个商品`);
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ id: product.id, code: product.code })
    .from(product)
    .where(inArray(product.code, codes));
  const known = new Set(rows.map((r) => r.code));
  const missing = codes.filter((c) => !known.has(c));
  if (missing.length) throw fieldError('productCodes', `商品编码不存在：${missing.slice(0, 5).join('、')}`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
};

/** The row's product values after a write: a 指定商品 scope needs at least one product. */
const productValues = async (tx: Tx, values: Values, before?: Values): Promise<Values> => {
  const scope = (values.goodsScope ?? before?.goodsScope) as string;
  const out: Values = {};
  if ('productCodes' in values) out.productIds = await productIdsOf(tx, values.productCodes);
  const ids = (out.productIds ?? (before ? undefined : [])) as number[] | undefined;
  const count = ids?.length ?? Number(before?.productCount ?? 0);
  if (scope === 'listed' && count === 0) throw fieldError('productCodes', '可订商品为「指定商品」时请填写商品编码');
  return out;
};

export const cooperativeConfigBinding = bindResource({
  decl: COOPERATIVE_CONFIG,
  table: cooperativeConfig,
  id: cooperativeConfig.id,
  joins: [{ table: store, on: eq(store.id, cooperativeConfig.storeId), inner: true }],
  columns: {
    storeCode: store.code,
    storeName: store.name,
    productCodes: sql<
      string | null
    >`(select string_agg(p.code, ', ' order by p.code) from product p where p.id = any("cooperative_config"."product_ids"))`,
    productCount: sql<number>`cardinality(${cooperativeConfig.productIds})`,
  },
  scope: { store: cooperativeConfig.storeId },
  service: {
    create: async ({ tx, auth }, values) => {
      const codeOf = String(values.storeCode).trim();
      const [s] = await tx
        .select({ id: store.id, name: store.name, ownership: store.ownership })
        .from(store)
        .where(eq(store.code, codeOf));
      if (!s) throw fieldError('storeCode', `门店编码「${codeOf}」不存在`);
      await checkStoreInScope(tx, auth.scope, s.id, 'storeCode');
      if (s.ownership !== 'franchise')
        throw fieldError('storeCode', `「${s.name}」是直营店，门店订货配置只适用于加盟店`);
      const [taken] = await tx
        .select({ id: cooperativeConfig.id })
        .from(cooperativeConfig)
        .where(eq(cooperativeConfig.storeId, s.id));
      if (taken) throw fieldError('storeCode', `「${s.name}」已有订货配置，请直接编辑`);
      const extra = await productValues(tx, values);
      const [row] = await tx
        .insert(cooperativeConfig)
        .values({
          storeId: s.id,
          priceTier: values.priceTier,
          goodsScope: values.goodsScope,
          productIds: (extra.productIds as number[] | undefined) ?? [],
          enabled: values.enabled ?? true,
          remark: values.remark ?? null,
        })
        .returning({ id: cooperativeConfig.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const { productCodes: _codes, ...rest } = values as Values;
      const set = { ...rest, ...(await productValues(tx, values, before)) };
      if (Object.keys(set).length) await tx.update(cooperativeConfig).set(set).where(eq(cooperativeConfig.id, id));
    },
    batch: { enable: setEnabled(cooperativeConfig, true), disable: setEnabled(cooperativeConfig, false) },
  },
});

/** A store's ordering terms: its price tier and, when listed, the only products it may order. */
export interface CoopTerms {
  storeName: string;
  priceTier: string;
  /** null: any product on sale. */
  allowed: ReadonlySet<number> | null;
}

/** The enabled terms of a franchise store (null: none, it orders at cost any goods on sale). */
export const coopTermsOf = async (
  tx: Tx,
  st: { id: number; name: string; ownership: string },
): Promise<CoopTerms | null> => {
  if (st.ownership !== 'franchise') return null;
  const [row] = await tx
    .select({
      priceTier: cooperativeConfig.priceTier,
      goodsScope: cooperativeConfig.goodsScope,
      productIds: cooperativeConfig.productIds,
    })
    .from(cooperativeConfig)
    .where(and(eq(cooperativeConfig.storeId, st.id), eq(cooperativeConfig.enabled, true)));
  if (!row) return null;
  return {
    storeName: st.name,
    priceTier: row.priceTier,
    allowed: row.goodsScope === 'listed' ? new Set(row.productIds) : null,
  };
};
