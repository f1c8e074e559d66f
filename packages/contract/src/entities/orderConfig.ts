/**
 * Ordering rules (SPEC §2.4 /orderConfiguration 订货配置), one per order kind, set by headquarters:
 * the days of the month stores may order (none: any day), the minimum order amount, whether a
 * franchise store's order may ship before it is paid in full (赊销), and which store types may
 * order the kind (none: every type). Submitting an order checks them.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { MONEY_MAX } from './goodsCommon';
import { ORDER_KINDS, type OrderKind } from './storeOrder';

export interface OrderConfig {
  kind: OrderKind;
  /** Days of the month (1–31) stores may order; empty: any day. */
  orderDays: number[];
  /** 分; 0: no minimum. */
  minAmount: number;
  /** A franchise store's order may ship before it is paid in full. */
  franchiseCredit: boolean;
  /** master_item ids of category storeType that may order the kind; empty: every type. */
  storeTypeIds: number[];
  storeTypeNames: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

const kinds = ORDER_KINDS.map((k) => k.value) as [OrderKind, ...OrderKind[]];

export const orderConfigBody = z.object({
  kind: z.enum(kinds, { error: '订货类型无效' }),
  orderDays: z
    .array(z.number({ error: '订货日无效' }).int('订货日无效').min(1, '订货日为 1–31 日').max(31, '订货日为 1–31 日'), {
      error: '订货日格式无效',
    })
    .max(31, '订货日最多 31 天')
    .refine((days) => new Set(days).size === days.length, '订货日不能重复'),
  minAmount: z
    .number({ error: '请输入起订金额' })
    .int('起订金额须为整数（分）')
    .min(0, '起订金额不能小于 0')
    .max(MONEY_MAX, '起订金额过大'),
  franchiseCredit: z.boolean({ error: '请选择是否允许加盟店赊销' }),
  storeTypeIds: z
    .array(chosenIdOf('门店类型无效'), {
      error: '门店类型格式无效',
    })
    .max(20, '门店类型最多 20 个'),
});

export type OrderConfigBody = z.infer<typeof orderConfigBody>;

/** "每月 1、15 日" or "每天". */
export const orderDaysText = (days: readonly number[]): string =>
  days.length === 0 ? '每天' : `每月 ${[...days].sort((a, b) => a - b).join('、')} 日`;

export const ORDER_CONFIG_API = {
  list: endpoint<undefined, undefined, OrderConfig[]>({
    method: 'GET',
    path: '/rest/orderConfig/list',
    access: pageAccess('/orderConfiguration'),
    summary: '订货配置',
  }),
  save: endpoint<undefined, OrderConfigBody, OrderConfig>({
    method: 'PUT',
    path: '/rest/orderConfig/save',
    access: buttonAccess('/orderConfiguration', 'edit'),
    body: orderConfigBody,
    summary: '保存订货配置',
  }),
};
