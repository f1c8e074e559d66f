/**
 * /refundList (退款列表): refunds of the user's stores, newest first, filtered by store, day
 * range, state, bill number and member; each row opens /refundDetail and shows the steps the
 * refund's state allows (审核通过 / 驳回 / 执行退款) to a user holding 审核.
 */

import { REFUND_API } from '@zb/contract/api/refunds';
import { PAGE_SIZES } from '@zb/contract/constants';
import { REFUND_FLOW, REFUND_SOURCES, type RefundRow } from '@zb/contract/entities/refund';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { formatFen } from '../../platform/money';
import { type RefundListParams, useRefundList } from './api';
import { RefundActions } from './RefundActions';

interface Filters {
  storeId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  status?: RefundListParams['status'];
  billNo?: string;
  member?: string;
}

const stateTag = (status: string) => {
  const s = REFUND_FLOW.states.find((x) => x.value === status);
  return <Tag color={s?.color}>{s?.label ?? status}</Tag>;
};

const COLUMNS: ColumnsType<RefundRow> = [
  {
    title: '退款单号',
    dataIndex: 'refundNo',
    width: 150,
    render: (no: string, r) => <Link to={`/refundDetail?id=${r.id}`}>{no}</Link>,
  },
  { title: '状态', dataIndex: 'status', width: 90, render: stateTag },
  { title: '门店', dataIndex: 'storeName', width: 140 },
  { title: '收银单号', dataIndex: 'billNo', width: 140 },
  { title: '会员', key: 'member', width: 160, render: (_, r) => `${r.memberName}（${r.memberPhone}）` },
  { title: '退款金额', dataIndex: 'amount', width: 110, align: 'right', render: formatFen },
  { title: '退回会员卡', dataIndex: 'toCards', width: 110, align: 'right', render: formatFen },
  { title: '原路退回', dataIndex: 'outside', width: 110, align: 'right', render: formatFen },
  { title: '退款原因', dataIndex: 'reason', ellipsis: true },
  {
    title: '来源',
    dataIndex: 'source',
    width: 90,
    render: (s: string) => REFUND_SOURCES.find((x) => x.value === s)?.label ?? s,
  },
  { title: '申请人', dataIndex: 'applicant', width: 130 },
  { title: '申请时间', dataIndex: 'createdAt', width: 160 },
  {
    title: '操作',
    key: 'actions',
    width: 200,
    fixed: 'right',
    render: (_, r) => <RefundActions id={r.id} status={r.status} compact />,
  },
];

const dayOf = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');

export default function RefundListPage() {
  const [form] = Form.useForm<Filters>();
  const [params, setParams] = useState<RefundListParams>({ pageNo: 1, pageSize: PAGE_SIZES[0] });
  const list = useRefundList(params);
  const search = (f: Filters) =>
    setParams((p) => ({
      pageNo: 1,
      pageSize: p.pageSize,
      storeId: f.storeId,
      from: dayOf(f.range?.[0]),
      to: dayOf(f.range?.[1]),
      status: f.status,
      billNo: f.billNo?.trim() || undefined,
      member: f.member?.trim() || undefined,
    }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form<Filters> form={form} layout="inline" onFinish={search}>
        <Form.Item name="storeId" label="门店">
          <LookupSelect
            endpoint={REFUND_API.stores}
            aria-label="门店"
            placeholder="全部门店"
            allowClear
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="range" label="申请日期">
          <DatePicker.RangePicker aria-label="申请日期" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            aria-label="状态"
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={REFUND_FLOW.states.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Form.Item>
        <Form.Item name="billNo" label="收银单号">
          <Input aria-label="收银单号" allowClear maxLength={40} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="member" label="会员">
          <Input
            aria-label="会员"
            placeholder="姓名、手机号或会员编号"
            allowClear
            maxLength={40}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<RefundRow>
        aria-label="退款列表"
        rowKey="id"
        size="small"
        scroll={{ x: 1700 }}
        loading={list.isPending}
        columns={COLUMNS}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setParams((p) => ({ ...p, pageNo, pageSize })),
        }}
      />
    </Space>
  );
}
