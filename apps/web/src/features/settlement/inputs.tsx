/** Controls of the settlement pages: a store of the caller's scope, and the words of a statement. */
import { useQuery } from '@tanstack/react-query';
import { SETTLEMENT_FLOW } from '@zb/contract/entities/settlement';
import { stateLabel } from '@zb/contract/flow';
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { formatYuan } from '@zb/contract/resource/format';
import { Select, Tag } from 'antd';
import { call } from '../../platform/http';
import type { CustomInputProps } from '../../platform/resource/customInputs';

export const yuan = (fen: number) => `¥${formatYuan(fen)}`;

export const statementTag = (state: string) => (
  <Tag color={SETTLEMENT_FLOW.states.find((s) => s.value === state)?.color}>{stateLabel(SETTLEMENT_FLOW, state)}</Tag>
);

/** The stores the caller may see, searchable by code or name; empty means 不限. */
export function StoreSelect({ id, value, onChange, disabled, field }: CustomInputProps) {
  const q = useQuery({ queryKey: ['settlement', 'stores'], queryFn: () => call(REPORT_PICKER_API.store) });
  return (
    <Select<number>
      id={id}
      allowClear
      disabled={disabled}
      loading={q.isLoading}
      placeholder={field.help?.startsWith('留空') ? '不限' : '请选择门店'}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(q.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}
