/**
 * /inventoryNoticeDetail (盘点通知详情): `?id=` shows a notice with each store's state and, once
 * counted, its lines (账面, 实盘, 差异, 差异金额); `?new=1` (or `&edit=1` while no store has counted)
 * is the form: title, type, deadline, the products of a 抽盘, and the stores in the region tree.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  type SaveStocktake,
  STOCKTAKE_STATUSES,
  STOCKTAKE_STORE_STATES,
  type StocktakeDetail,
  type StocktakeStore,
} from '@zb/contract/api/stocktaking';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Button, Card, DatePicker, Descriptions, Form, Input, Result, Select, Space, Spin, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { StoreTreeField, useStoreTree } from './StoreTreeField';
import {
  fetchStocktake,
  fetchStocktakeProducts,
  fetchStocktakeTypes,
  STOCKTAKE_KEYS,
  saveStocktake,
} from './stocktakeApi';

interface FormValues {
  title?: string;
  type?: 1 | 2 | 3;
  deadline?: Dayjs;
  productIds?: number[];
  content?: string;
}

const money = (v: number) => `¥${formatYuan(v)}`;

function StoreLines({ s }: { s: StocktakeStore }) {
  return (
    <Table
      rowKey="productId"
      size="small"
      pagination={false}
      dataSource={s.lines}
      columns={[
        { title: '商品', key: 'p', render: (_: unknown, l) => `${l.productName}（${l.productCode}）` },
        { title: '单位', dataIndex: 'unit', width: 70 },
        { title: '账面数量', dataIndex: 'bookQty', width: 100 },
        { title: '实盘数量', dataIndex: 'countedQty', width: 100 },
        {
          title: '差异',
          dataIndex: 'diffQty',
          width: 90,
          render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : v > 0 ? '#389e0d' : undefined }}>{v}</span>,
        },
        { title: '差异金额（成本）', dataIndex: 'diffAmount', width: 140, render: money },
      ]}
    />
  );
}

function View({ d, onEdit }: { d: StocktakeDetail; onEdit?: () => void }) {
  return (
    <Card
      size="small"
      title={`盘点通知：${d.title}`}
      extra={d.editable && onEdit ? <Button onClick={onEdit}>编辑</Button> : null}
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="盘点类型">{d.typeName}</Descriptions.Item>
        <Descriptions.Item label="截止日期">{d.deadline}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STOCKTAKE_STATUSES.find((s) => s.value === d.status)?.color}>
            {enumLabel(STOCKTAKE_STATUSES, d.status)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="盘点进度">{`${d.countedCount}/${d.storeCount} 家`}</Descriptions.Item>
        <Descriptions.Item label="盘盈亏金额">{money(d.diffAmount)}</Descriptions.Item>
        <Descriptions.Item label="创建人">{`${d.createdByName ?? '—'} ${formatDateTime(d.createdAt)}`}</Descriptions.Item>
        <Descriptions.Item label="盘点商品" span={3}>
          {d.products.length ? d.products.map((p) => p.name).join('、') : '门店在库的全部商品'}
        </Descriptions.Item>
        {d.content && (
          <Descriptions.Item label="说明" span={3}>
            {d.content}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table<StocktakeStore>
        rowKey="storeId"
        size="small"
        dataSource={d.stores}
        pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 家门店` }}
        expandable={{
          rowExpandable: (s) => s.lines.length > 0,
          expandedRowRender: (s) => <StoreLines s={s} />,
        }}
        columns={[
          { title: '门店', key: 'store', render: (_: unknown, s) => `${s.name}（${s.code}）` },
          { title: '大区', dataIndex: 'regionName', width: 120 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (v: string) => (
              <Tag color={STOCKTAKE_STORE_STATES.find((x) => x.value === v)?.color}>
                {enumLabel(STOCKTAKE_STORE_STATES, v)}
              </Tag>
            ),
          },
          { title: '盘点单号', dataIndex: 'countNo', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: '盘点时间',
            dataIndex: 'countedAt',
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
          { title: '盘盈金额', dataIndex: 'gainAmount', width: 110, render: money },
          { title: '盘亏金额', dataIndex: 'lossAmount', width: 110, render: money },
        ]}
      />
    </Card>
  );
}

function NoticeForm({ d }: { d: StocktakeDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const types = useQuery({ queryKey: STOCKTAKE_KEYS.types, queryFn: fetchStocktakeTypes });
  const products = useQuery({ queryKey: STOCKTAKE_KEYS.products, queryFn: fetchStocktakeProducts });
  const tree = useStoreTree(d?.stores.map((s) => s.storeId) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const type = Form.useWatch('type', form);
  const save = useMutation({
    mutationFn: saveStocktake,
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: STOCKTAKE_KEYS.all });
      navigate(`/inventoryNoticeDetail?id=${saved.id}`, { replace: true });
    },
    onError: (e) => setErrors(fieldErrorsOf(e) ?? {}),
  });
  const submit = (v: FormValues) => {
    setErrors({});
    const body: SaveStocktake = {
      ...(d ? { id: d.id } : {}),
      title: v.title ?? '',
      type: v.type ?? 1,
      content: v.content ?? '',
      deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : '',
      productIds: v.type === 1 ? [] : (v.productIds ?? []),
      regionIds: tree.choice.regionIds,
      storeIds: tree.choice.storeIds,
    };
    save.mutate(body);
  };
  const err = (k: string) => (errors[k] ? { validateStatus: 'error' as const, help: errors[k] } : {});
  return (
    <Card size="small" title={d ? '编辑盘点通知' : '新增盘点通知'}>
      <Form<FormValues>
        form={form}
        name="stocktake-form"
        layout="vertical"
        style={{ maxWidth: 880 }}
        onFinish={submit}
        initialValues={
          d
            ? {
                title: d.title,
                type: d.type as 1 | 2 | 3,
                deadline: dayjs(d.deadline),
                productIds: d.products.map((p) => p.id),
                content: d.content,
              }
            : { type: 1 }
        }
      >
        <Form.Item label="标题" name="title" rules={[{ required: true, message: '请填写标题' }]} {...err('title')}>
          <Input maxLength={50} showCount placeholder="如：十一月月末盘点" />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item
            label="盘点类型"
            name="type"
            rules={[{ required: true, message: '请选择盘点类型' }]}
            {...err('type')}
          >
            <Select style={{ width: 160 }} options={types.data ?? []} />
          </Form.Item>
          <Form.Item
            label="截止日期"
            name="deadline"
            rules={[{ required: true, message: '请选择截止日期' }]}
            {...err('deadline')}
          >
            <DatePicker disabledDate={(day) => day.isBefore(dayjs().startOf('day'))} placeholder="请选择截止日期" />
          </Form.Item>
        </Space>
        {type !== 1 && (
          <Form.Item
            label="盘点商品"
            name="productIds"
            extra={type === 2 ? '抽盘须选择商品' : '不选则盘点门店在库的全部商品'}
            rules={type === 2 ? [{ required: true, message: '抽盘请选择要盘点的商品' }] : []}
            {...err('productIds')}
          >
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder="请选择商品"
              options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
            />
          </Form.Item>
        )}
        <Form.Item label="说明" name="content" {...err('content')}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="可选：盘点要求" />
        </Form.Item>
        <StoreTreeField state={tree} label="盘点门店" error={errors.storeIds ?? errors.regionIds} />
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {d ? '保存' : '发送盘点通知'}
          </Button>
          <Button
            onClick={async () => {
              if (form.isFieldsTouched() && !(await confirm('内容尚未保存，确定放弃修改？'))) return;
              navigate(d ? `/inventoryNoticeDetail?id=${d.id}` : '/inventoryNotice', { replace: true });
            }}
          >
            取消
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export default function InventoryNoticeDetailPage() {
  const [search, setSearch] = useSearchParams();
  const canEdit = useCan(buttonCodeOf('/inventoryNotice', 'edit'));
  const creating = search.get('new') === '1';
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: STOCKTAKE_KEYS.detail(id),
    queryFn: () => fetchStocktake(id),
    enabled: valid && !creating,
  });
  if (creating) return <NoticeForm d={null} />;
  if (!valid) return <Result status="404" subTitle="请从盘点通知列表打开详情" />;
  if (!detail.data) return detail.isError ? <Result status="404" subTitle="盘点通知不存在或已删除" /> : <Spin />;
  if (search.get('edit') === '1' && detail.data.editable) return <NoticeForm d={detail.data} />;
  return <View d={detail.data} onEdit={canEdit ? () => setSearch({ id: String(id), edit: '1' }) : undefined} />;
}
