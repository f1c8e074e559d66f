/** Phone number with area code (SPEC §5), usable as an antd Form control (value/onChange). */
import { PHONE_MAX_LENGTH } from '@zb/contract/constants';
import { Input, Select, Space } from 'antd';
import { notify } from '../alerts';
import { areaOptions, EMPTY_PHONE, type PhoneValue, typePhone, useAreaCodes } from './usePhoneInput';

interface Props {
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  placeholder?: string;
}

export function PhoneInput({ value = EMPTY_PHONE, onChange, placeholder = '请输入手机号' }: Props) {
  const areas = useAreaCodes();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label="区号"
        placeholder="区号"
        style={{ width: 150 }}
        value={value.areaCode || undefined}
        options={areaOptions(areas, value.phone)}
        onChange={(areaCode: string) => onChange?.({ ...value, areaCode })}
      />
      <Input
        aria-label="手机号"
        inputMode="numeric"
        placeholder={placeholder}
        maxLength={PHONE_MAX_LENGTH}
        value={value.phone}
        onChange={(e) => {
          const next = typePhone(value, e.target.value);
          if (next.warning) notify('warning', next.warning, 'phone-eight-digits');
          onChange?.(next.value);
        }}
      />
    </Space.Compact>
  );
}
