/**
 * 项目子类型 of a project: the sub-types under the 项目类型 chosen in the same form; choosing
 * another type empties it.
 */
import { MASTER_API } from '@zb/contract/api/master';
import { Form, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

export function SubTypeSelect({ value, onChange, disabled }: CustomInputProps) {
  const form = Form.useFormInstance();
  const typeId = Form.useWatch<number | undefined>('typeId', form);
  const seen = useRef(typeId);
  useEffect(() => {
    if (seen.current !== undefined && seen.current !== typeId) onChange?.(null);
    seen.current = typeId;
  }, [typeId, onChange]);
  if (!typeId) return <Select disabled placeholder="请先选择项目类型" />;
  return (
    <LookupSelect
      endpoint={MASTER_API.findPrjSubType}
      params={{ id: typeId }}
      disabled={disabled}
      placeholder="请选择项目子类型"
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
