/**
 * Ordering rules (/orderConfiguration), one row per order kind, and the checks a submission runs
 * against them: the store may order (营业 or 筹建中, a store type the kind admits), today is an
 * ordering day, the total reaches the minimum. Each refusal is ORDER-40001 with a message that
 * says which rule and, where a field is to blame, that field.
 */
import type { OrderConfig, OrderConfigBody } from '@zb/contract/entities/orderConfig';
import { orderDaysText } from '@zb/contract/entities/orderConfig';
import { STORE_STATUSES } from '@zb/contract/entities/store';
import { ORDER_KINDS, type OrderKind } from '@zb/contract/entities/storeOrder';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { masterItem } from '../master/schema';
import { orderConfig } from './schema';

export const kindLabel = (k: string): string => ORDER_KINDS.find((o) => o.value === k)?.label ?? k;

const storeTypeNames = sql<
  string | null
>`(select string_agg(m.name, '、' order by m.sort, m.id) from master_item m where m.id = any("order_config"."store_type_ids"))`;

const select = {
  kind: orderConfig.kind,
  orderDays: orderConfig.orderDays,
  minAmount: orderConfig.minAmount,
  franchiseCredit: orderConfig.franchiseCredit,
  storeTypeIds: orderConfig.storeTypeIds,
  storeTypeNames,
  updatedAt: orderConfig.updatedAt,
  updatedBy: userAccount.nickname,
};

const DEFAULTS = (kind: OrderKind): OrderConfig => ({
  kind,
  orderDays: [],
  minAmount: 0,
  franchiseCredit: false,
  storeTypeIds: [],
  storeTypeNames: null,
  updatedAt: null,
  updatedBy: null,
});

const normalize = (r: {
  kind: string;
  orderDays: number[];
  minAmount: number;
  franchiseCredit: boolean;
  storeTypeIds: number[];
  storeTypeNames: string | null;
  updatedAt: Date | string | null;
  updatedBy: string | null;
}): OrderConfig => ({
  ...r,
  kind: r.kind as OrderKind,
  orderDays: [...r.orderDays].sort((a, b) => a - b),
  updatedAt: r.updatedAt ? new Date(r.updatedAt).toISOString() : null,
});

/** The rules of every kind, in the kinds' order (a kind without a row has no rules). */
export const listConfigs = async (db: Db | Tx): Promise<OrderConfig[]> => {
  const rows = await db
    .select(select)
    .from(orderConfig)
    .leftJoin(userAccount, eq(userAccount.id, orderConfig.updatedBy))
    .orderBy(asc(orderConfig.kind));
  const byKind = new Map(rows.map((r) => [r.kind, normalize(r)]));
  return ORDER_KINDS.map((k) => byKind.get(k.value) ?? DEFAULTS(k.value));
};

export const configOf = async (db: Db | Tx, kind: OrderKind): Promise<OrderConfig> =>
  (await listConfigs(db)).find((c) => c.kind === kind) ?? DEFAULTS(kind);

export const saveConfig = (db: Db, auth: Auth, body: OrderConfigBody): Promise<OrderConfig> =>
  db.transaction(async (tx) => {
    if (body.storeTypeIds.length) {
      const found = await tx
        .select({ id: masterItem.id })
        .from(masterItem)
        .where(and(eq(masterItem.category, 'storeType'), inArray(masterItem.id, body.storeTypeIds)));
      if (found.length !== new Set(body.storeTypeIds).size) throw fieldError('storeTypeIds', '请选择有效的门店类型');
    }
    const before = await configOf(tx, body.kind);
    const values = {
      orderDays: [...body.orderDays].sort((a, b) => a - b),
      minAmount: body.minAmount,
      franchiseCredit: body.franchiseCredit,
      storeTypeIds: [...new Set(body.storeTypeIds)],
      updatedBy: auth.user.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(orderConfig)
      .values({ kind: body.kind, ...values })
      .onConflictDoUpdate({ target: orderConfig.kind, set: values });
    const after = await configOf(tx, body.kind);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'orderConfig.update',
      target: `order_config:${body.kind}`,
      before,
      after,
    });
    return after;
  });

export interface OrderingStore {
  id: number;
  name: string;
  status: string;
  typeId: number | null;
  ownership: string;
}

const refuse = (msg: string, field?: string): BizError =>
  new BizError(ERR.ORDER_RULE, msg, field ? { fields: { [field]: msg } } : undefined);

/** Stores in these states may order (a store being set up orders its first stock). */
export const ORDERING_STORE_STATUSES = ['open', 'preparing'];

/** The day of the month in Beijing. */
export const beijingDay = (now: Date): number => Number(formatDate(now).slice(8, 10));

/**
 * Checks a submission against the kind's rules; `days` is false when an order already submitted
 * is edited (it was submitted on an ordering day).
 */
export const checkRules = async (
  tx: Tx,
  o: { kind: OrderKind; store: OrderingStore; total: number; now: Date; days: boolean },
): Promise<void> => {
  const cfg = await configOf(tx, o.kind);
  const what = kindLabel(o.kind);
  if (!ORDERING_STORE_STATUSES.includes(o.store.status)) {
    const label = STORE_STATUSES.find((s) => s.value === o.store.status)?.label ?? o.store.status;
    throw refuse(`「${o.store.name}」${label}，不能订货`, 'storeId');
  }
  if (cfg.storeTypeIds.length && (o.store.typeId === null || !cfg.storeTypeIds.includes(o.store.typeId))) {
    throw refuse(
      `「${o.store.name}」的门店类型不能订${what}（可订门店类型：${cfg.storeTypeNames ?? '无'}）`,
      'storeId',
    );
  }
  if (o.days && cfg.orderDays.length) {
    const today = beijingDay(o.now);
    if (!cfg.orderDays.includes(today)) {
      throw refuse(`${what}${orderDaysText(cfg.orderDays)}可订货，今天（${today} 日）不是订货日`);
    }
  }
  if (o.total < cfg.minAmount) {
    throw refuse(`${what}起订金额为 ¥${formatYuan(cfg.minAmount)}，本单 ¥${formatYuan(o.total)}`, 'lines');
  }
};
