/** The search form above the list: 审批状态, 审批类型, 关键字; 查询/重置. Shows what the URL says. */
import { APPROVAL_STATUS, APPROVAL_TYPES } from '@zb/contract/constants';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import type { ApprovalFilters } from './approvalQuery';

const ALL = '';
const statusOptions = [
  { value: ALL, label: '全部' },
  ...Object.entries(APPROVAL_STATUS).map(([value, label]) => ({ value, label })),
];
const typeOptions = [
  { value: ALL, label: '全部' },
  ...Object.entries(APPROVAL_TYPES).map(([value, label]) => ({ value, label })),
];

interface FormValues {
  status: string;
  type: string;
  keyword: string;
}

const toForm = (f: ApprovalFilters): FormValues => ({
  status: f.status ?? ALL,
  type: f.type ?? ALL,
  keyword: f.keyword ?? '',
});

const fromForm = (v: FormValues): ApprovalFilters => ({
  status: (v.status || undefined) as ApprovalFilters['status'],
  type: (v.type || undefined) as ApprovalFilters['type'],
  keyword: v.keyword?.trim() || undefined,
});

interface Props {
  value: ApprovalFilters;
  onSearch: (filters: ApprovalFilters) => void;
  onReset: () => void;
}

export function ApprovalSearchForm({ value, onSearch, onReset }: Props) {
  const [form] = Form.useForm<FormValues>();
  const { status, type, keyword } = value;
  useEffect(() => {
    form.setFieldsValue(toForm({ status, type, keyword }));
  }, [form, status, type, keyword]);

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      initialValues={toForm(value)}
      onFinish={(v) => onSearch(fromForm(v))}
      style={{ marginBottom: 16, rowGap: 12 }}
    >
      <Form.Item label="审批状态" name="status">
        <Select options={statusOptions} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item label="审批类型" name="type">
        <Select options={typeOptions} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label="关键字" name="keyword">
        <Input placeholder="审批编号/申请人/手机号" allowClear maxLength={50} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={onReset}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
