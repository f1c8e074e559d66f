/**
 * The search form above a resource list (and a report: FilterForm takes any filter fields and
 * the caller's own controls for some): one control per declared filter, 查询/重置, and 展开/收起
 * when there are more than a row's worth. Shows what the URL says.
 */
import { MASTER_API } from '@zb/contract/api/master';
import type { AnyResource, FieldDef } from '@zb/contract/resource/define';
import { filterFields } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { LookupSelect } from '../inputs/LookupSelect';
import { filtersOfFields, formOfFields } from './searchValues';

/** Filters shown before 展开. */
export const COLLAPSED_FILTERS = 3;

const WIDTH = 180;

const boolOptions = (f: FieldDef) => [
  { value: 'true', label: f.boolLabels?.yes ?? '是' },
  { value: 'false', label: f.boolLabels?.no ?? '否' },
];

const control = (key: string, f: FieldDef): ReactNode => {
  const label = f.label;
  if (f.filter === 'range') {
    if (f.type === 'date' || f.type === 'datetime') {
      return (
        <Form.Item key={key} label={label} name={key}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 260 }} />
        </Form.Item>
      );
    }
    const { from, to } = rangeKeys(key);
    const money = f.type === 'money';
    return (
      <Form.Item key={key} label={label}>
        <Space.Compact>
          <Form.Item name={from} noStyle>
            <InputNumber placeholder="最小" precision={money ? 2 : 0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name={to} noStyle>
            <InputNumber placeholder="最大" precision={money ? 2 : 0} style={{ width: 100 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  const input = (() => {
    if (f.type === 'enum') {
      return (
        <Select
          allowClear
          mode={f.filter === 'in' ? 'multiple' : undefined}
          placeholder="全部"
          options={f.options?.map((o) => ({ value: o.value, label: o.label }))}
          style={{ width: WIDTH }}
        />
      );
    }
    if (f.type === 'bool')
      return <Select allowClear placeholder="全部" options={boolOptions(f)} style={{ width: WIDTH }} />;
    if (f.type === 'lookup' || f.type === 'lookups') {
      return (
        <LookupSelect
          endpoint={MASTER_API.findMaster}
          params={{ code: f.lookup ?? '' }}
          placeholder="全部"
          style={{ width: WIDTH }}
        />
      );
    }
    if (f.type === 'int' || f.type === 'money') return <InputNumber style={{ width: WIDTH }} />;
    if (f.type === 'date') return <DatePicker style={{ width: WIDTH }} />;
    return <Input allowClear maxLength={50} placeholder={`请输入${label}`} style={{ width: WIDTH }} />;
  })();
  return (
    <Form.Item key={key} label={label} name={key}>
      {input}
    </Form.Item>
  );
};

/** A control of the caller's own for a filter (a picker), or undefined for the default. */
export type FilterControlOf = (key: string, f: FieldDef) => ReactNode | undefined;

interface FilterFormProps {
  /** The form's name (its fields' ids) and its label. */
  name: string;
  label: string;
  fields: readonly [string, FieldDef][];
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  onReset: () => void;
  controlOf?: FilterControlOf;
}

/** One control per filter, 查询/重置, 展开/收起 past COLLAPSED_FILTERS; shows what `filters` say. */
export function FilterForm({ name, label, fields, filters, onSearch, onReset, controlOf }: FilterFormProps) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const formValues = useMemo(() => formOfFields(fields, filters), [fields, filters]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValues);
  }, [form, formValues]);
  if (fields.length === 0) return null;
  const shown = expanded ? fields : fields.slice(0, COLLAPSED_FILTERS);

  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      initialValues={formValues}
      onFinish={(v) => onSearch(filtersOfFields(fields, v))}
      style={{ marginBottom: 16, rowGap: 12 }}
      aria-label={label}
    >
      {shown.map(([key, f]) => {
        const own = controlOf?.(key, f);
        return own === undefined ? (
          control(key, f)
        ) : (
          <Form.Item key={key} label={f.label} name={key}>
            {own}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={onReset}>重置</Button>
          {fields.length > COLLAPSED_FILTERS && (
            <Button type="link" onClick={() => setExpanded((e) => !e)}>
              {expanded ? '收起' : '展开'}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

interface Props {
  decl: AnyResource;
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  onReset: () => void;
}

export function ResourceSearchForm({ decl, filters, onSearch, onReset }: Props) {
  const fields = useMemo(() => filterFields(decl), [decl]);
  return (
    <FilterForm
      name={`${decl.name}-search`}
      label={`${decl.title}查询`}
      fields={fields}
      filters={filters}
      onSearch={onSearch}
      onReset={onReset}
    />
  );
}
