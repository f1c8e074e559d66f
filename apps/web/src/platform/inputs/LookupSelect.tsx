/** A lookup as an antd Select (value: the item id), usable as a Form control. */
import { Select, type SelectProps } from 'antd';
import type { CustomInputProps } from '../resource/customInputs';
import type { LookupEndpoint, LookupOption, LookupParams } from './lookups';
import { useLookup } from './useLookup';

type Props = Omit<SelectProps<number, LookupOption>, 'options' | 'loading' | 'showSearch'> & {
  endpoint: LookupEndpoint;
  /** Path parameters of a sub-type lookup, e.g. `{ id: positionId }`. */
  params?: LookupParams;
};

export function LookupSelect({ endpoint, params, placeholder = '请选择', ...rest }: Props) {
  const { options, loading } = useLookup(endpoint, params);
  return (
    <Select<number, LookupOption>
      allowClear
      placeholder={placeholder}
      {...rest}
      loading={loading}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** A form's own control that picks one id from a lookup endpoint (a reward coupon, a gift coupon). */
export function LookupInput({
  value,
  onChange,
  disabled,
  field,
  endpoint,
  placeholder,
}: CustomInputProps & { endpoint: LookupEndpoint; placeholder: string }) {
  return (
    <LookupSelect
      endpoint={endpoint}
      disabled={disabled}
      aria-label={field.label}
      placeholder={placeholder}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
