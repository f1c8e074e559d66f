/**
 * /onlineOrderDetail (线上订单详情): ?id=N shows one mall order — its progress, member, store,
 * delivery, amounts and payment (a 定金 order: the deposit and the balance paid at pick-up), its
 * lines, its after-sale requests with the money they paid back (退款支付记录) and its whole history (flow_event, oldest first), with the
 * buttons of the steps its state allows (MallOrderActions). An order bought in a 商城活动 shows its
 * event and, for a 拼团, its group with everyone in it (also /activityOrderDetail's page).
 */
import {
  MALL_DELIVERIES,
  MALL_ORDER_FLOW,
  MALL_ORDER_KINDS,
  MALL_PAY_METHODS,
  MALL_RETURN_FLOW,
  MALL_RETURN_KINDS,
  type MallOrderEventView,
  type MallOrderLineView,
  type MallOrderView,
  type MallReturnView,
} from '@zb/contract/entities/mall';
import { MALL_EVENT_KINDS, MALL_GROUP_STATUSES } from '@zb/contract/entities/mallEvent';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Card, Descriptions, Result, Space, Spin, Steps, Table, Tag, Timeline, Typography } from 'antd';
import { useLocation } from 'react-router';
import { PayoutsTable } from '../../platform/PayoutsTable';
import { useMallOrderView } from './api';
import { MallOrderActions } from './MallOrderActions';

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

const tagOf = (options: readonly { value: string; label: string; color?: string }[], value: string | null) => {
  if (value === null) return '—';
  const o = options.find((x) => x.value === value);
  return <Tag color={o?.color}>{o?.label ?? value}</Tag>;
};

const yuan = (fen: number) => `¥${formatYuan(fen)}`;
const time = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function Progress({ v }: { v: MallOrderView }) {
  const { status, delivery } = v.order;
  const at = (step: string) => v.history.find((h) => h.label === MALL_ORDER_FLOW.steps[step as 'pay']?.label)?.at;
  const ended = status === 'cancelled' || status === 'refunded';
  const items = [
    { title: '下单', description: time(v.order.createdAt) },
    { title: '付款', description: time(at('pay') ?? null) },
    ...(delivery === 'express'
      ? [
          { title: '发货', description: time(at('ship') ?? null) },
          { title: '确认收货', description: time(at('receive') ?? null) },
        ]
      : [{ title: '到店自提', description: time(at('pickup') ?? null) }]),
  ];
  const order =
    delivery === 'express' ? ['pendingPay', 'toShip', 'shipped', 'completed'] : ['pendingPay', 'toPickup', 'completed'];
  const idx = order.indexOf(status);
  const current = idx < 0 ? (status === 'afterSale' ? items.length - 1 : 0) : Math.min(idx + 1, items.length - 1);
  return (
    <Steps
      size="small"
      current={status === 'completed' || status === 'afterSale' ? items.length - 1 : current}
      status={ended ? 'error' : status === 'completed' ? 'finish' : 'process'}
      items={ended ? [items[0]!, { title: status === 'cancelled' ? '已取消' : '已退款', description: '' }] : items}
    />
  );
}

function Lines({ v }: { v: MallOrderView }) {
  return (
    <Table<MallOrderLineView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={v.lines}
      columns={[
        { title: '商城编码', dataIndex: 'goodsCode', width: 130 },
        { title: '商品', dataIndex: 'goodsName' },
        {
          title: '单价',
          key: 'p',
          width: 150,
          render: (_, l) =>
            l.listPrice === null ? (
              yuan(l.price)
            ) : (
              <Space size={4}>
                {yuan(l.price)}
                <Typography.Text delete type="secondary">
                  {yuan(l.listPrice)}
                </Typography.Text>
              </Space>
            ),
        },
        { title: '数量', dataIndex: 'quantity', width: 80 },
        { title: '定金/件', key: 'e', width: 100, render: (_, l) => (l.earnest === null ? '—' : yuan(l.earnest)) },
        { title: '金额', key: 'a', width: 120, render: (_, l) => yuan(l.amount) },
      ]}
      summary={() => (
        <>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              商品金额
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{yuan(v.order.goodsAmount)}</Table.Summary.Cell>
          </Table.Summary.Row>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              运费
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{yuan(v.order.freight)}</Table.Summary.Cell>
          </Table.Summary.Row>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              订单金额
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{yuan(v.order.total)}</Table.Summary.Cell>
          </Table.Summary.Row>
        </>
      )}
    />
  );
}

/** A 商城活动 order's event and a 拼团 order's group, everyone in it. */
function EventPart({ event }: { event: MallOrderEventView }) {
  const g = event.group;
  return (
    <div>
      <Typography.Title level={5}>商城活动</Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'name', label: '活动', children: `${event.name}（${event.code}）` },
          { key: 'kind', label: '活动类型', children: tagOf(MALL_EVENT_KINDS, event.kind) },
          ...(g
            ? [
                { key: 'group', label: '团号', children: g.groupNo },
                { key: 'gs', label: '拼团状态', children: tagOf(MALL_GROUP_STATUSES, g.status) },
                { key: 'size', label: '参团人数', children: `${g.joined} / ${g.size}` },
                { key: 'exp', label: g.formedAt ? '成团时间' : '截止时间', children: time(g.formedAt ?? g.expiresAt) },
              ]
            : []),
        ]}
      />
      {g && (
        <Table
          rowKey="orderNo"
          size="small"
          style={{ marginTop: 8 }}
          pagination={false}
          dataSource={g.members}
          columns={[
            { title: '参团会员', key: 'm', render: (_, m) => (m.leader ? `${m.memberName}（团长）` : m.memberName) },
            { title: '订单号', dataIndex: 'orderNo', width: 180 },
            { title: '订单状态', key: 's', width: 100, render: (_, m) => tagOf(MALL_ORDER_FLOW.states, m.status) },
            { title: '参团时间', key: 't', width: 170, render: (_, m) => time(m.createdAt) },
          ]}
        />
      )}
    </div>
  );
}

function Returns({ rows }: { rows: MallReturnView[] }) {
  return (
    <Table<MallReturnView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '售后单号', dataIndex: 'returnNo', width: 170 },
        { title: '类型', key: 'k', width: 100, render: (_, r) => tagOf(MALL_RETURN_KINDS, r.kind) },
        { title: '状态', key: 's', width: 90, render: (_, r) => tagOf(MALL_RETURN_FLOW.states, r.status) },
        { title: '退款金额', key: 'a', width: 110, render: (_, r) => yuan(r.amount) },
        { title: '申请原因', dataIndex: 'reason' },
        { title: '审核意见', dataIndex: 'auditRemark', render: (x: string | null) => x ?? '—' },
        { title: '申请时间', key: 't', width: 170, render: (_, r) => time(r.createdAt) },
        { title: '退款时间', key: 'rt', width: 170, render: (_, r) => time(r.refundedAt) },
      ]}
    />
  );
}

export function MallOrderBody({ v }: { v: MallOrderView }) {
  const o = v.order;
  const earnest = o.kind === 'earnest';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Progress v={v} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'no', label: '订单号', children: o.orderNo },
          { key: 'outer', label: '小程序单号', children: o.outerNo },
          { key: 'kind', label: '订单类型', children: tagOf(MALL_ORDER_KINDS, o.kind) },
          { key: 'status', label: '状态', children: tagOf(MALL_ORDER_FLOW.states, o.status) },
          { key: 'member', label: '会员', children: `${o.memberName}（${o.memberPhone ?? '—'}）` },
          { key: 'store', label: '门店', children: `${o.storeName}（${o.storeCode}）` },
          { key: 'delivery', label: '配送方式', children: tagOf(MALL_DELIVERIES, o.delivery) },
          { key: 'total', label: '订单金额', children: yuan(o.total) },
          ...(earnest
            ? [
                { key: 'earnest', label: '定金', children: yuan(o.earnestAmount) },
                {
                  key: 'balance',
                  label: '到店尾款',
                  children: `${yuan(o.total - o.earnestAmount)}（已付 ${yuan(o.balancePaid)}）`,
                },
                { key: 'balanceAt', label: '尾款支付时间', children: time(o.balancePaidAt) },
              ]
            : []),
          { key: 'paid', label: '线上实付', children: yuan(o.paidAmount) },
          { key: 'method', label: '支付方式', children: tagOf(MALL_PAY_METHODS, o.payMethod) },
          { key: 'trade', label: '支付流水号', children: o.tradeNo ?? '—' },
          { key: 'paidAt', label: '支付时间', children: time(o.paidAt) },
          { key: 'refunded', label: '已退金额', children: yuan(o.refundedAmount) },
          ...(o.delivery === 'express'
            ? [
                { key: 'receiver', label: '收货人', children: `${o.receiverName ?? '—'} ${o.receiverPhone ?? ''}` },
                { key: 'address', label: '收货地址', children: o.address ?? '—' },
                {
                  key: 'tracking',
                  label: '快递',
                  children: o.trackingNo ? `${o.trackingCompany ?? ''} ${o.trackingNo}` : '—',
                },
                { key: 'shipped', label: '发货时间', children: time(o.shippedAt) },
              ]
            : []),
          { key: 'completed', label: '完成时间', children: time(o.completedAt) },
          { key: 'created', label: '下单时间', children: time(o.createdAt) },
          { key: 'remark', label: '备注', children: o.remark || '—' },
        ]}
      />
      {v.event && <EventPart event={v.event} />}
      <div>
        <Typography.Title level={5}>商品明细</Typography.Title>
        <Lines v={v} />
      </div>
      {v.returns.length > 0 && (
        <div>
          <Typography.Title level={5}>售后</Typography.Title>
          <Returns rows={v.returns} />
        </div>
      )}
      {v.payouts.length > 0 && (
        <div>
          <Typography.Title level={5}>退款支付记录</Typography.Title>
          <PayoutsTable rows={v.payouts} />
        </div>
      )}
      <div>
        <Typography.Title level={5}>处理记录</Typography.Title>
        <Timeline
          items={v.history.map((h, i) => ({
            key: i,
            content: (
              <div>
                <Typography.Text strong>{h.label}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {h.actor} · {formatDateTime(h.at)}
                </Typography.Text>
                {h.reason && <div>说明：{h.reason}</div>}
              </div>
            ),
          }))}
        />
      </div>
    </Space>
  );
}

/** An order's page (?id=N): `title` names the order, `from` the list it opens from. */
export function MallOrderPage({ title, from }: { title: string; from: string }) {
  const { search } = useLocation();
  const id = idOf(new URLSearchParams(search).get('id'));
  const view = useMallOrderView(id);
  if (id === null) return <Result status="404" subTitle={`请从${from}打开详情`} />;
  if (view.isError) return <Result status="warning" subTitle="订单不存在或不在您的数据范围内" />;
  const v = view.data;
  if (!v) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  return (
    <Card title={`${title} ${v.order.orderNo}`} extra={<MallOrderActions order={v.order} />}>
      <MallOrderBody v={v} />
    </Card>
  );
}

export default function OnlineOrderDetailPage() {
  return <MallOrderPage title="商城订单" from="线上订单列表" />;
}
