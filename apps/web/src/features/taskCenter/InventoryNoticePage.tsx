/**
 * /inventoryNotice (盘点通知): the notices of the caller's stores, searched by title, type, state
 * and day; 新增 opens the form; 编辑 and 删除 only while no store has counted (删除 confirms).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { STOCKTAKE_STATUSES, type StocktakeRow } from '@zb/contract/api/stocktaking';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import {
  deleteStocktakes,
  fetchStocktakeTypes,
  STOCKTAKE_KEYS,
  type StocktakeListParams,
  searchStocktakes,
} from './stocktakeApi';

interface Search {
  title?: string;
  type?: number;
  status?: string;
  range?: [Dayjs, Dayjs];
}

const PAGE = '/inventoryNotice';

export default function InventoryNoticePage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Search>();
  const [params, setParams] = useState<StocktakeListParams>({ pageNo: 1, pageSize: 20 });
  const list = useQuery({ queryKey: STOCKTAKE_KEYS.list(params), queryFn: () => searchStocktakes(params) });
  const types = useQuery({ queryKey: STOCKTAKE_KEYS.types, queryFn: fetchStocktakeTypes });
  const canAdd = useCan(buttonCodeOf(PAGE, 'add'));
  const canEdit = useCan(buttonCodeOf(PAGE, 'edit'));
  const canDelete = useCan(buttonCodeOf(PAGE, 'delete'));

  const search = (v: Search) =>
    setParams({
      pageNo: 1,
      pageSize: params.pageSize,
      ...(v.title ? { title: v.title } : {}),
      ...(v.type ? { type: v.type } : {}),
      ...(v.status ? { status: v.status } : {}),
      ...(v.range ? { dayFrom: v.range[0].format('YYYY-MM-DD'), dayTo: v.range[1].format('YYYY-MM-DD') } : {}),
    });
  const remove = async (r: StocktakeRow) => {
    if (!(await confirm(`删除盘点通知「${r.title}」？门店将不再收到该通知。`))) return;
    try {
      await deleteStocktakes([r.id]);
      void message.success('已删除');
    } catch {
      // alerted
    }
    await client.invalidateQueries({ queryKey: STOCKTAKE_KEYS.all });
  };

  return (
    <Card size="small">
      <Form<Search>
        form={form}
        layout="inline"
        name="stocktake-search"
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" maxLength={50} />
        </Form.Item>
        <Form.Item name="type" label="盘点类型">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={types.data ?? []} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={STOCKTAKE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Form.Item>
        <Form.Item name="range" label="创建日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setParams({ pageNo: 1, pageSize: params.pageSize });
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      {canAdd && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => navigate('/inventoryNoticeDetail?new=1')}>
          新增盘点通知
        </Button>
      )}
      <Table<StocktakeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无盘点通知' }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setParams({ ...params, pageNo, pageSize }),
        }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '盘点类型', dataIndex: 'typeName', width: 100 },
          { title: '截止日期', dataIndex: 'deadline', width: 110 },
          {
            title: '盘点进度',
            key: 'progress',
            width: 110,
            render: (_: unknown, r) => `${r.countedCount}/${r.storeCount} 家`,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string) => (
              <Tag color={STOCKTAKE_STATUSES.find((s) => s.value === v)?.color}>{enumLabel(STOCKTAKE_STATUSES, v)}</Tag>
            ),
          },
          { title: '盘盈亏金额', dataIndex: 'diffAmount', width: 120, render: (v: number) => `¥${formatYuan(v)}` },
          { title: '创建人', dataIndex: 'createdByName', width: 100, render: (v: string | null) => v ?? '—' },
          { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 160,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(`/inventoryNoticeDetail?id=${r.id}`)}>
                  查看
                </Button>
                {canEdit && r.countedCount === 0 && (
                  <Button type="link" size="small" onClick={() => navigate(`/inventoryNoticeDetail?id=${r.id}&edit=1`)}>
                    编辑
                  </Button>
                )}
                {canDelete && r.countedCount === 0 && (
                  <Button type="link" size="small" danger onClick={() => void remove(r)}>
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
