/** The 推广方案 form's own control: the reward coupon, picked from the coupons by name. */
import { PROMOTION_API } from '@zb/contract/entities/promotion';
import { LookupInput } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

function CouponInput(props: CustomInputProps) {
  return <LookupInput {...props} endpoint={PROMOTION_API.coupons} placeholder="请选择优惠券" />;
}

export const PROMOTION_INPUTS = { couponTemplateId: CouponInput };
