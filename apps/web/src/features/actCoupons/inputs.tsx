/** The selects of the 活动券 forms: an active coupon, a batch, a store of the caller's scope (the pages' own calls). */
import type { Endpoint } from '@zb/contract/api/endpoint';
import { ACT_COUPON_API } from '@zb/contract/entities/actCoupon';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

type Picks = Endpoint<undefined, undefined, { id: number; name: string }[]>;

function PickInput({
  id,
  value,
  onChange,
  disabled,
  endpoint,
  placeholder,
}: CustomInputProps & { endpoint: Picks; placeholder: string }) {
  return (
    <LookupSelect
      id={id}
      endpoint={endpoint}
      disabled={disabled}
      placeholder={placeholder}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

export const TemplateInput = (p: CustomInputProps) => (
  <PickInput {...p} endpoint={ACT_COUPON_API.templates} placeholder="请选择进行中的优惠券" />
);
export const BatchInput = (p: CustomInputProps) => (
  <PickInput {...p} endpoint={ACT_COUPON_API.batches} placeholder="请选择活动券" />
);
export const StoreInput = (p: CustomInputProps) => (
  <PickInput {...p} endpoint={ACT_COUPON_API.stores} placeholder="请选择门店" />
);
