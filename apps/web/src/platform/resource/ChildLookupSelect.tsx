/**
 * A sub-type lookup (contract `lookupParent`: a staff level under the position, a store sub-type
 * under the store type): the items of the item chosen in the parent field of the same form,
 * cleared when that choice changes. Off until a parent is chosen.
 */
import { MASTER_API, MASTER_CATEGORIES, MASTER_PARENT, type MasterCategory } from '@zb/contract/api/master';
import type { FieldDef } from '@zb/contract/resource/define';
import { Form, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { LookupSelect } from '../inputs/LookupSelect';
import type { LookupEndpoint } from '../inputs/lookups';

const CHILDREN_OF: Partial<Record<MasterCategory, LookupEndpoint>> = {
  staffLevel: MASTER_API.searchStaffLevel,
  storeSubType: MASTER_API.searchSubType,
  projectSubType: MASTER_API.findPrjSubType,
};

interface Props {
  field: FieldDef;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

export function ChildLookupSelect({ field, value, onChange, disabled }: Props) {
  const form = Form.useFormInstance();
  const parentKey = field.lookupParent ?? '';
  const parentId = Form.useWatch<number | null | undefined>(parentKey, form);
  const seen = useRef(parentId);
  useEffect(() => {
    // A new parent empties the choice; the first value (the row as loaded) is kept.
    if (seen.current !== parentId && seen.current !== undefined) onChange?.(null);
    seen.current = parentId;
  }, [parentId, onChange]);
  const endpoint = field.lookup ? CHILDREN_OF[field.lookup] : undefined;
  const parentCategory = field.lookup ? MASTER_PARENT[field.lookup] : undefined;
  if (!endpoint || typeof parentId !== 'number') {
    return (
      <Select disabled placeholder={`请先选择${parentCategory ? MASTER_CATEGORIES[parentCategory] : '上级项目'}`} />
    );
  }
  return (
    <LookupSelect
      endpoint={endpoint}
      params={{ id: parentId }}
      disabled={disabled}
      placeholder={`请选择${field.label}`}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
