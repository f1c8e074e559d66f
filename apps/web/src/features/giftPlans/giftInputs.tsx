/** The 赠送方案 form's own controls and its steps' words. */
import { GIFT_PLAN_API } from '@zb/contract/entities/giftPlan';
import { LookupInput } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

function CouponInput(props: CustomInputProps) {
  return <LookupInput {...props} endpoint={GIFT_PLAN_API.coupons} placeholder="不赠送优惠券" />;
}

export const GIFT_INPUTS = { couponTemplateId: CouponInput };

export const GIFT_WORDS = {
  starts: '审核通过后，活动期间内适用门店的充值或购卡达到条件即按方案赠送。',
  stops: '停用后不再赠送，已赠送的金额与优惠券保留。',
};
