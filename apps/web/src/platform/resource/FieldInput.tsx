/**
 * The form control of a field, and the Form.Item props that carry its value between the form and
 * the API: money is typed in 元 and travels in 分, dates are dayjs in the picker and YYYY-MM-DD
 * on the wire. Validation is the contract's own schema for the field.
 */
import { MASTER_API } from '@zb/contract/api/master';
import type { FieldDef } from '@zb/contract/resource/define';
import type { FormItemProps } from 'antd';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { type SafeParser, zodRule } from '../formRules';
import { ImageUpload } from '../inputs/ImageUpload';
import { LookupSelect } from '../inputs/LookupSelect';
import { ChildLookupSelect } from './ChildLookupSelect';

const DATE_FORMAT = 'YYYY-MM-DD';

export const toYuan = (fen: unknown): number | null => (typeof fen === 'number' ? fen / 100 : null);
export const toFen = (yuan: unknown): number | null => (typeof yuan === 'number' ? Math.round(yuan * 100) : null);

/** Form.Item props that convert a field's value for its control. */
export const itemPropsOf = (f: FieldDef): Partial<FormItemProps> => {
  switch (f.type) {
    case 'money':
    case 'percent':
      // Both travel as integer hundredths (分, basis points) and are typed with two decimals.
      return { getValueProps: (v: unknown) => ({ value: toYuan(v) }), normalize: toFen };
    case 'date':
      return {
        getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
        normalize: (d: Dayjs | null) => (d ? d.format(DATE_FORMAT) : null),
      };
    case 'bool':
      return { valuePropName: 'checked' };
    default:
      return {};
  }
};

/** A Form.Item rule from the contract schema of the field. */
export const ruleOf = (schema: SafeParser, required: boolean) => ({ ...zodRule(schema), required });

export const fieldInput = (f: FieldDef, disabled = false): ReactNode => {
  const placeholder = f.placeholder;
  switch (f.type) {
    case 'text':
      return <Input disabled={disabled} maxLength={f.max} placeholder={placeholder ?? `请输入${f.label}`} allowClear />;
    case 'textarea':
      return (
        <Input.TextArea
          disabled={disabled}
          maxLength={f.max}
          showCount={!!f.max}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={placeholder ?? `请输入${f.label}`}
        />
      );
    case 'int':
      return (
        <InputNumber
          disabled={disabled}
          precision={0}
          min={f.min}
          max={f.max}
          placeholder={placeholder ?? `请输入${f.label}`}
          style={{ width: '100%' }}
        />
      );
    case 'money':
      return (
        <InputNumber
          disabled={disabled}
          precision={2}
          min={(f.min ?? 0) / 100}
          max={f.max === undefined ? undefined : f.max / 100}
          prefix="¥"
          placeholder={placeholder ?? '0.00'}
          style={{ width: '100%' }}
        />
      );
    case 'percent':
      return (
        <InputNumber
          disabled={disabled}
          precision={2}
          min={(f.min ?? 0) / 100}
          max={(f.max ?? 10_000) / 100}
          suffix="%"
          placeholder={placeholder ?? '0.00'}
          style={{ width: '100%' }}
        />
      );
    case 'bool':
      return (
        <Switch
          disabled={disabled}
          checkedChildren={f.boolLabels?.yes ?? '是'}
          unCheckedChildren={f.boolLabels?.no ?? '否'}
        />
      );
    case 'enum':
      return (
        <Select
          disabled={disabled}
          allowClear={!f.required}
          placeholder={placeholder ?? `请选择${f.label}`}
          options={f.options?.map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'lookup':
      if (f.lookupParent) return <ChildLookupSelect field={f} disabled={disabled} />;
      return (
        <LookupSelect
          disabled={disabled}
          endpoint={MASTER_API.findMaster}
          params={{ code: f.lookup ?? '' }}
          placeholder={placeholder ?? `请选择${f.label}`}
        />
      );
    case 'lookups':
      return (
        <LookupSelect
          mode="multiple"
          disabled={disabled}
          endpoint={MASTER_API.findMaster}
          params={{ code: f.lookup ?? '' }}
          placeholder={placeholder ?? `请选择${f.label}`}
        />
      );
    case 'images':
      return <ImageUpload max={f.max ?? 9} disabled={disabled} />;
    case 'date':
      return <DatePicker disabled={disabled} style={{ width: '100%' }} placeholder={placeholder ?? '请选择日期'} />;
    default:
      return <Input disabled />;
  }
};
