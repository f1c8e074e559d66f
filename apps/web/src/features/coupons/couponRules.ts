/** Which template steps a row offers, from its state and the user's buttons (headless). */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  COUPON_TEMPLATE_STEPS,
  type CouponTemplateStatus,
  type CouponTemplateStep,
} from '@zb/contract/entities/coupon';

const LIST = '/couponsManagement';

export const COUPON_BUTTONS = {
  edit: buttonCodeOf(LIST, 'edit'),
  audit: buttonCodeOf(LIST, 'audit'),
};

export const stepsOf = (status: CouponTemplateStatus, can: (code: string) => boolean): CouponTemplateStep[] =>
  (Object.keys(COUPON_TEMPLATE_STEPS) as CouponTemplateStep[]).filter((k) => {
    const s = COUPON_TEMPLATE_STEPS[k];
    return (s.from as readonly string[]).includes(status) && can(buttonCodeOf(LIST, s.button));
  });

/** 发放 needs 编辑 and a template 进行中. */
export const mayIssue = (status: CouponTemplateStatus, can: (code: string) => boolean): boolean =>
  status === 'active' && can(COUPON_BUTTONS.edit);
