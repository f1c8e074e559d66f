/**
 * The phone of a resource form with its area code (SPEC §5): the field holds the number, and the
 * control also sets the form's `areaCode` field (staff, member receive, members).
 */
import { Form } from 'antd';
import type { CustomInputProps } from '../resource/customInputs';
import { PhoneInput } from './PhoneInput';

export function FormPhoneInput({ value, onChange }: CustomInputProps) {
  const form = Form.useFormInstance();
  const areaCode = (Form.useWatch('areaCode', form) as string | undefined) ?? '';
  return (
    <PhoneInput
      value={{ areaCode, phone: typeof value === 'string' ? value : '' }}
      onChange={(next) => {
        if (next.areaCode !== areaCode) form.setFieldValue('areaCode', next.areaCode || undefined);
        onChange?.(next.phone);
      }}
    />
  );
}
