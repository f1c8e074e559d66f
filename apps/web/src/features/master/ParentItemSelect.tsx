/**
 * 上级项目 of a basic property: the items of the parent category of the category chosen in the
 * same form (岗位 for 员工职级, 门店类型 for 门店子类型…); off for a category without parents.
 */
import { MASTER_API, MASTER_CATEGORIES } from '@zb/contract/api/master';
import { parentCategoryOf } from '@zb/contract/entities/masterItem';
import { Form, Select } from 'antd';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

export function ParentItemSelect({ value, onChange, disabled }: CustomInputProps) {
  const form = Form.useFormInstance();
  const category = Form.useWatch('category', form) as string | undefined;
  const parent = category ? parentCategoryOf(category) : undefined;
  if (!parent) return <Select disabled placeholder="该类别没有上级项目" />;
  return (
    <LookupSelect
      endpoint={MASTER_API.findMaster}
      params={{ code: parent }}
      disabled={disabled}
      placeholder={`请选择${MASTER_CATEGORIES[parent]}`}
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
