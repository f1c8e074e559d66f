/**
 * An order's detail page (/bookProdDetailNew, /aestheticProductDetail, /materialBookProdDetail):
 * ?id=N shows the order — its progress, its fields, its lines, its timeline of steps (who, when,
 * why) and the buttons of the steps the user may take now; &edit=1 is the submitter's edit;
 * ?create=1 the new-order form.
 */
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  type OrderFamily,
  type OrderKind,
  PAY_STATUSES,
  type StoreOrderLine,
  type StoreOrderView,
} from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Card, Descriptions, Result, Space, Spin, Steps, Table, Tag, Timeline, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOrderView } from './api';
import { OrderActions } from './OrderActions';
import { OrderForm } from './OrderForm';
import { PaymentsTable } from './PaymentsTable';

export interface OrderPageProps {
  family: OrderFamily;
  /** This page's path (links and 修改 come back to it). */
  path: string;
  /** The page shows orders of this kind only (美业产品). */
  kind?: OrderKind;
}

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

const tagOf = (options: readonly { value: string; label: string; color?: string }[], value: string) => {
  const o = options.find((x) => x.value === value);
  return <Tag color={o?.color}>{o?.label ?? value}</Tag>;
};

const PROGRESS = ['submitted', 'approved', 'shipped', 'received'];

function Progress({ v }: { v: StoreOrderView }) {
  const { status } = v.order;
  const ended = status === 'rejected' || status === 'withdrawn';
  const at = (step: string) => v.steps.find((s) => s.step === step);
  const items = [
    { title: '提交', description: at('submit') && formatDateTime(at('submit')!.at) },
    ended
      ? {
          title: status === 'rejected' ? '驳回' : '撤回',
          description: formatDateTime((at('reject') ?? at('withdraw'))?.at ?? v.order.createdAt),
        }
      : { title: '审核', description: at('approve') && formatDateTime(at('approve')!.at) },
    { title: '发货', description: at('ship') && formatDateTime(at('ship')!.at) },
    { title: '收货', description: at('receive') && formatDateTime(at('receive')!.at) },
  ];
  // The step under way: the one after the last done (收货 done: all finished).
  const current = ended ? 1 : Math.min(PROGRESS.indexOf(status) + 1, PROGRESS.length - 1);
  return (
    <Steps
      size="small"
      current={current}
      status={ended ? 'error' : status === 'received' ? 'finish' : 'process'}
      items={ended ? items.slice(0, 2) : items}
    />
  );
}

function Lines({ v }: { v: StoreOrderView }) {
  const aesthetic = v.order.kind === 'aesthetic';
  const received = v.lines.some((l) => l.receivedQty !== null);
  return (
    <Table<StoreOrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={v.lines}
      scroll={{ x: 900 }}
      columns={[
        { title: '序号', dataIndex: 'line', width: 60 },
        { title: '编码', dataIndex: 'code', width: 100 },
        { title: '名称', dataIndex: 'name' },
        { title: '规格', dataIndex: 'spec', width: 130, render: (s: string | null) => s ?? '—' },
        { title: '数量', key: 'q', width: 90, render: (_, l) => `${l.quantity}${l.unit}` },
        { title: '单价', key: 'p', width: 100, render: (_, l) => `¥${formatYuan(l.unitPrice)}` },
        { title: '金额', key: 'a', width: 110, render: (_, l) => `¥${formatYuan(l.amount)}` },
        ...(received
          ? [
              {
                title: '实收数量',
                key: 'r',
                width: 100,
                render: (_: unknown, l: StoreOrderLine) =>
                  l.receivedQty === null ? (
                    '—'
                  ) : (
                    <Typography.Text type={l.receivedQty < l.quantity ? 'danger' : undefined}>
                      {l.receivedQty}
                      {l.unit}
                    </Typography.Text>
                  ),
              },
            ]
          : []),
        ...(aesthetic
          ? [{ title: '用于项目', dataIndex: 'projects', width: 220, render: (p: string | null) => p ?? '—' }]
          : []),
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={6}>
            合计
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1}>¥{formatYuan(v.order.total)}</Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

const STEP_COLORS: Record<string, string> = {
  submit: 'blue',
  approve: 'green',
  ship: 'orange',
  receive: 'green',
  reject: 'red',
  withdraw: 'gray',
};

export function OrderView({ family, v }: { family: OrderFamily; v: StoreOrderView }) {
  const o = v.order;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Progress v={v} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'no', label: '订单号', children: o.orderNo },
          { key: 'store', label: '门店', children: `${o.storeName}（${o.storeCode}）` },
          { key: 'region', label: '大区', children: o.regionName },
          { key: 'kind', label: '订货类型', children: tagOf(ORDER_KINDS, o.kind) },
          { key: 'status', label: '状态', children: tagOf(ORDER_STATUSES, o.status) },
          { key: 'ownership', label: '经营方式', children: o.ownership === 'franchise' ? '加盟' : '直营' },
          { key: 'total', label: '订单金额', children: `¥${formatYuan(o.total)}` },
          {
            key: 'paid',
            label: '已付金额',
            children: (
              <Space>
                {`¥${formatYuan(o.paidAmount)}`}
                {tagOf(PAY_STATUSES, o.payStatus)}
                {family.key === 'store' && <Link to={`/bookProdPayDetail?id=${o.id}`}>付款详情</Link>}
              </Space>
            ),
          },
          { key: 'by', label: '提交人', children: o.submitterName ?? '—' },
          { key: 'at', label: '提交时间', children: formatDateTime(o.createdAt) },
          { key: 'remark', label: '备注', children: o.remark || '—' },
          ...(o.rejectReason ? [{ key: 'reason', label: '驳回原因', children: o.rejectReason }] : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>订货明细</Typography.Title>
        <Lines v={v} />
      </div>
      <div>
        <Typography.Title level={5}>处理记录</Typography.Title>
        <Timeline
          items={v.steps.map((s, i) => ({
            key: i,
            color: STEP_COLORS[s.step],
            content: (
              <div>
                <Typography.Text strong>{s.label}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {s.by ?? '—'} · {formatDateTime(s.at)}
                </Typography.Text>
                {s.note && (
                  <div>
                    {s.step === 'reject' ? '原因' : '备注'}：{s.note}
                  </div>
                )}
              </div>
            ),
          }))}
        />
      </div>
      {family.key === 'material' && (
        <div>
          <Typography.Title level={5}>付款记录</Typography.Title>
          <PaymentsTable payments={v.payments} />
        </div>
      )}
    </Space>
  );
}

export function OrderDetailPage({ family, path, kind }: OrderPageProps) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(search);
  const creating = q.get('create') === '1';
  const editing = q.get('edit') === '1';
  const id = idOf(q.get('id'));
  const view = useOrderView(family, creating ? null : id);
  const list = family.decl.page;

  if (creating) {
    return (
      <Card title={`新增${kind === 'aesthetic' ? '美业产品订货单' : family.decl.title}`}>
        <OrderForm
          family={family}
          kind={kind}
          onSaved={(saved) => navigate(`${path}?id=${saved}`, { replace: true })}
          onCancel={() => navigate(list)}
        />
      </Card>
    );
  }
  if (id === null) return <Result status="404" subTitle={`请从${family.decl.title}列表打开详情`} />;
  if (view.isError) return <Result status="warning" subTitle="订单不存在或不在您的数据范围内" />;
  const v = view.data;
  if (!v) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  if (kind && v.order.kind !== kind) {
    return <Result status="404" subTitle={`该订单不是${ORDER_KINDS.find((k) => k.value === kind)?.label}订单`} />;
  }
  if (editing && v.order.status === 'submitted' && v.mine) {
    return (
      <Card title={`修改订单 ${v.order.orderNo}`}>
        <OrderForm
          family={family}
          order={v}
          onSaved={() => navigate(`${path}?id=${id}`, { replace: true })}
          onCancel={() => navigate(`${path}?id=${id}`, { replace: true })}
        />
      </Card>
    );
  }
  return (
    <Card
      title={`订货单 ${v.order.orderNo}`}
      extra={<OrderActions family={family} order={v.order} mine={v.mine} lines={v.lines} detailPath={path} />}
    >
      <OrderView family={family} v={v} />
    </Card>
  );
}
