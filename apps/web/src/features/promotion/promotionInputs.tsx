/** The 推广方案 form's own control: the reward coupon, picked from the coupons by name. */
import { PROMOTION_API } from '@zb/contract/entities/promotion';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

function CouponInput({ value, onChange, disabled, field }: CustomInputProps) {
  return (
    <LookupSelect
      endpoint={PROMOTION_API.coupons}
      disabled={disabled}
      aria-label={field.label}
      placeholder="请选择优惠券"
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

export const PROMOTION_INPUTS = { couponTemplateId: CouponInput };
