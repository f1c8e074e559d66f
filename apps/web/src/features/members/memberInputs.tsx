/** The member form's own controls: the home store (of the user's data scope) and the phone with its area code. */
import { MEMBER_API } from '@zb/contract/api/members';
import { FormPhoneInput } from '../../platform/inputs/FormPhoneInput';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps, CustomInputs } from '../../platform/resource/customInputs';

function HomeStoreSelect({ id, value, onChange, disabled }: CustomInputProps) {
  return (
    <LookupSelect
      id={id}
      endpoint={MEMBER_API.stores}
      disabled={disabled}
      placeholder="请选择门店"
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

export const MEMBER_INPUTS: CustomInputs = { storeId: HomeStoreSelect, phone: FormPhoneInput };
