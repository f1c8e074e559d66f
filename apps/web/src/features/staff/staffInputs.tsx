/**
 * The staff form's own controls: the store (of the user's data scope), the linked account, the
 * phone with its area code (SPEC §5: the PhoneInput also sets the form's areaCode), and the
 * certificates list.
 */
import { CERTIFICATES_MAX, type Certificate, STAFF_API } from '@zb/contract/entities/staff';
import { Button, DatePicker, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { FormPhoneInput } from '../../platform/inputs/FormPhoneInput';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps, CustomInputs } from '../../platform/resource/customInputs';

function StoreSelect({ value, onChange, disabled }: CustomInputProps) {
  return (
    <LookupSelect
      endpoint={STAFF_API.stores}
      disabled={disabled}
      placeholder="请选择门店"
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

function AccountSelect({ value, onChange, disabled }: CustomInputProps) {
  return (
    <LookupSelect
      endpoint={STAFF_API.accounts}
      disabled={disabled}
      placeholder="不关联账号"
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

const EMPTY: Certificate = { name: '', number: '', validUntil: null };

export function CertificatesInput({ value, onChange, disabled }: CustomInputProps) {
  const list = Array.isArray(value) ? (value as Certificate[]) : [];
  const set = (i: number, patch: Partial<Certificate>) =>
    onChange?.(list.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {list.map((c, i) => (
        // Certificates have no id of their own; their place in the list is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            aria-label="证书名称"
            placeholder="证书名称"
            maxLength={40}
            disabled={disabled}
            value={c.name}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <Input
            aria-label="证书编号"
            placeholder="证书编号"
            maxLength={40}
            disabled={disabled}
            value={c.number}
            onChange={(e) => set(i, { number: e.target.value })}
          />
          <DatePicker
            aria-label="有效期至"
            placeholder="有效期至（长期可不填）"
            disabled={disabled}
            value={c.validUntil ? dayjs(c.validUntil) : null}
            onChange={(d) => set(i, { validUntil: d ? d.format('YYYY-MM-DD') : null })}
          />
          <Button danger disabled={disabled} onClick={() => onChange?.(list.filter((_, k) => k !== i))}>
            移除
          </Button>
        </Space.Compact>
      ))}
      <Button
        type="dashed"
        disabled={disabled || list.length >= CERTIFICATES_MAX}
        onClick={() => onChange?.([...list, EMPTY])}
      >
        添加证书
      </Button>
    </Space>
  );
}

export const STAFF_INPUTS: CustomInputs = {
  storeId: StoreSelect,
  accountId: AccountSelect,
  phone: FormPhoneInput,
  certificates: CertificatesInput,
};
