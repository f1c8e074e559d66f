/**
 * The store-side app's quick entries (门店快捷入口), filled at every start (new codes are added,
 * edited rows kept), and the demo store manager's default set.
 */
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { role } from '../modules/hierarchy/schema';
import { roleQuick, storeQuickBase } from '../modules/storeQuick/schema';

/** [code, name, icon] in display order. */
export const STORE_QUICK_BASE: readonly (readonly [string, string, string])[] = [
  ['BILLING', '开单', 'FileAddOutlined'],
  ['CARD_OPEN', '办卡', 'CreditCardOutlined'],
  ['RECHARGE', '充值', 'WalletOutlined'],
  ['DRAW_CARD', '划卡', 'IdcardOutlined'],
  ['APPOINTMENT', '预约', 'CalendarOutlined'],
  ['MEMBER_QUERY', '会员查询', 'SearchOutlined'],
  ['GROUPBUY_VERIFY', '团购核销', 'ScanOutlined'],
  ['SCALP_EXAM', '头皮检测', 'ExperimentOutlined'],
  ['INTENT_DEPOSIT', '意向金', 'MoneyCollectOutlined'],
  ['STOCK_QUERY', '库存查询', 'DatabaseOutlined'],
  ['STORE_ORDER', '门店订货', 'ShoppingCartOutlined'],
  ['PERFORMANCE', '业绩查询', 'LineChartOutlined'],
  ['SHIFT_HANDOVER', '交班', 'SwapOutlined'],
];

export const seedStoreQuickBase = async (db: Db): Promise<void> => {
  await db
    .insert(storeQuickBase)
    .values(STORE_QUICK_BASE.map(([code, name, icon], sort) => ({ code, name, icon, sort })))
    .onConflictDoNothing({ target: storeQuickBase.code });
};

const DEMO_DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  STORE_MANAGER: [
    'BILLING',
    'CARD_OPEN',
    'RECHARGE',
    'APPOINTMENT',
    'MEMBER_QUERY',
    'GROUPBUY_VERIFY',
    'SHIFT_HANDOVER',
  ],
};

/** Demo defaults of the store-level roles (part of the first-start demo data). */
export const seedStoreQuickDefaults = async (tx: Tx): Promise<void> => {
  const base = await tx.select({ id: storeQuickBase.id, code: storeQuickBase.code }).from(storeQuickBase);
  const roles = await tx
    .select({ id: role.id, code: role.code })
    .from(role)
    .where(inArray(role.code, Object.keys(DEMO_DEFAULTS)));
  for (const r of roles) {
    const rows = (DEMO_DEFAULTS[r.code] ?? []).flatMap((code, sort) => {
      const entry = base.find((b) => b.code === code);
      return entry ? [{ roleId: r.id, baseId: entry.id, sort }] : [];
    });
    if (rows.length) await tx.insert(roleQuick).values(rows);
  }
};
