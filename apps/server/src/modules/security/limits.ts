/**
 * /useCardLimit on the resource engine: the chain's default and the overrides of a store (by its
 * code) or a card product (by its code), one rule per target. The ledger enforces them
 * (enforce.ts).
 */
import { USE_CARD_LIMIT } from '@zb/contract/entities/security';
import { eq, sql } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { setEnabled } from '../goods/goodsRef';
import { card } from '../goods/schema';
import { store } from '../stores/schema';
import { useCardLimit } from './schema';

/** A rule limits something (the merged row after a write). */
const checkSome = (values: Values, before?: Values) => {
  const pick = (k: string) => (k in values ? values[k] : before?.[k]) ?? null;
  if (pick('maxDraws') === null && pick('maxAmount') === null && pick('maxStores') === null) {
    throw fieldError('maxDraws', '请至少填写划卡次数、金额或门店数其中一项');
  }
};

export const useCardLimitBinding = bindResource({
  decl: USE_CARD_LIMIT,
  table: useCardLimit,
  id: useCardLimit.id,
  joins: [
    { table: store, on: eq(store.id, useCardLimit.storeId) },
    { table: card, on: eq(card.id, useCardLimit.cardId) },
  ],
  columns: {
    targetCode: sql<string | null>`coalesce(${store.code}, ${card.code})`,
    targetName: sql<string>`coalesce(${store.name}, ${card.name}, '全部门店')`,
  },
  uniques: { use_card_limit_target_uq: 'targetCode' },
  service: {
    create: async ({ tx }, values) => {
      checkSome(values);
      const code = String(values.targetCode ?? '').trim();
      let storeId: number | null = null;
      let cardId: number | null = null;
      if (values.scope === 'chain') {
        if (code) throw fieldError('targetCode', '全部门店的规则不填编码');
      } else if (!code) {
        throw fieldError('targetCode', values.scope === 'store' ? '请填写门店编码' : '请填写卡项编码');
      } else if (values.scope === 'store') {
        const [s] = await tx.select({ id: store.id }).from(store).where(eq(store.code, code));
        if (!s) throw fieldError('targetCode', `门店编码「${code}」不存在`);
        storeId = s.id;
      } else {
        const [c] = await tx.select({ id: card.id }).from(card).where(eq(card.code, code));
        if (!c) throw fieldError('targetCode', `卡项编码「${code}」不存在`);
        cardId = c.id;
      }
      const [row] = await tx
        .insert(useCardLimit)
        .values({
          scope: values.scope,
          storeId,
          cardId,
          maxDraws: values.maxDraws ?? null,
          maxAmount: values.maxAmount ?? null,
          maxStores: values.maxStores ?? null,
          enabled: values.enabled ?? true,
          remark: values.remark ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: useCardLimit.id });
      if (!row) throw fieldError('targetCode', '该范围已设置用卡限制，请直接编辑');
      return row.id;
    },
    update: async ({ tx }, id, values, before) => {
      checkSome(values, before);
      if (Object.keys(values).length) await tx.update(useCardLimit).set(values).where(eq(useCardLimit.id, id));
    },
    batch: { enable: setEnabled(useCardLimit, true), disable: setEnabled(useCardLimit, false) },
  },
});
