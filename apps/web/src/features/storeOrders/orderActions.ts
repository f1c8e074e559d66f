/**
 * Which actions a user sees on an order: one per step the order's state allows and the user holds
 * the button for (the same buttons the server checks), plus the submitter's 修改/撤回 and 登记付款
 * while something is owed. The browser only hides; the server refuses.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  ORDER_STEPS,
  type OrderFamily,
  type OrderStatus,
  orderPayable,
  orderStepAllowed,
  type PayStatus,
} from '@zb/contract/entities/storeOrder';

export type OrderAction = 'approve' | 'reject' | 'ship' | 'receive' | 'modify' | 'withdraw' | 'pay';

export const ACTION_LABELS: Record<OrderAction, string> = {
  approve: '审核',
  reject: '驳回',
  ship: '发货',
  receive: '收货',
  modify: '修改',
  withdraw: '撤回',
  pay: '登记付款',
};

export interface OrderState {
  status: OrderStatus;
  payStatus?: PayStatus;
  /** The caller submitted it; unknown in a list row (the server decides there). */
  mine?: boolean;
}

export const orderActions = (family: OrderFamily, o: OrderState, has: (code: string) => boolean): OrderAction[] => {
  const can = (button: string) => has(buttonCodeOf(family.decl.page, button));
  const out: OrderAction[] = [];
  for (const step of ['approve', 'reject', 'ship', 'receive'] as const) {
    const s = ORDER_STEPS[step];
    if (orderStepAllowed(step, o.status) && can(s.button!)) out.push(step);
  }
  if (o.status === 'submitted' && o.mine && can('add')) out.push('modify', 'withdraw');
  // Payments once headquarters has approved the order: the contract's rule, as the server's.
  if (orderPayable(o.status) && o.payStatus !== 'paid' && can('edit')) out.push('pay');
  return out;
};
