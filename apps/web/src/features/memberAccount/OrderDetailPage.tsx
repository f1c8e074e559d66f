/**
 * /orderDetail (订单详情) ?id=<单号>, opened from a member's 消费记录 (/purchaseHistory): a 收银单 — its
 * head, lines, payments, each card it drew with the card's ledger rows for the bill, its 退款单 and
 * history — or a 商城订单 — its head, lines, after-sale requests and history. Read only; the
 * bill's own steps are on /orderDetails, the order's on /onlineOrderDetail.
 */
import { useQuery } from '@tanstack/react-query';
import { BILL_FLOW, BILL_KINDS, BILL_LINE_KINDS, BILL_PAY_METHODS } from '@zb/contract/entities/bill';
import type { BillViewCard, BillViewLine, BillViewPayment } from '@zb/contract/entities/billView';
import {
  MALL_ORDER_FLOW,
  MALL_PAY_METHODS,
  MALL_RETURN_FLOW,
  MALL_RETURN_KINDS,
  type MallHistoryRow,
  type MallOrderLineView,
  type MallReturnView,
} from '@zb/contract/entities/mall';
import { LEDGER_KINDS } from '@zb/contract/entities/member';
import { type OrderDetail, type OrderDetailRefund, POINTS_API } from '@zb/contract/entities/points';
import { REFUND_FLOW } from '@zb/contract/entities/refund';
import type { EnumOption } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Card, Descriptions, Empty, Result, Spin, Table, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLocation } from 'react-router';
import { call } from '../../platform/http';

const yuan = (v: number | null) => (v === null ? '—' : `¥${formatYuan(v)}`);
const tag = (options: readonly EnumOption[], v: string) => {
  const o = options.find((x) => x.value === v);
  return <Tag color={o?.color}>{o?.label ?? v}</Tag>;
};
const when = (v: string | null) => (v ? formatDateTime(v) : '—');
const money = { align: 'right' as const, render: yuan };

const LINE_COLUMNS: ColumnsType<BillViewLine> = [
  { title: '行', dataIndex: 'line', width: 50 },
  { title: '类别', dataIndex: 'kind', width: 80, render: (v: string) => tag(BILL_LINE_KINDS, v) },
  { title: '名称', dataIndex: 'name' },
  { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
  { title: '单价', dataIndex: 'unitPrice', width: 110, ...money },
  { title: '金额', dataIndex: 'amount', width: 110, ...money },
  { title: '会员卡', dataIndex: 'cardNo', width: 130, render: (v: string | null) => v ?? '—' },
  { title: '已退', dataIndex: 'refunded', width: 110, ...money },
];

const PAY_COLUMNS: ColumnsType<BillViewPayment> = [
  { title: '支付方式', dataIndex: 'method', width: 110, render: (v: string) => tag(BILL_PAY_METHODS, v) },
  { title: '金额', dataIndex: 'amount', width: 120, ...money },
  { title: '会员卡', dataIndex: 'cardNo', render: (v: string | null) => v ?? '—' },
  { title: '交易号', dataIndex: 'tradeNo', render: (v: string | null) => v ?? '—' },
  { title: '已退', dataIndex: 'refunded', width: 120, ...money },
];

const CARD_COLUMNS: ColumnsType<BillViewCard> = [
  { title: '卡号', dataIndex: 'cardNo', width: 130 },
  { title: '卡项', dataIndex: 'cardName' },
  {
    title: '本单流水',
    key: 'ledger',
    render: (_, c) =>
      c.ledger.map((l) => (
        <div key={l.id}>
          {tag(LEDGER_KINDS, l.kind)}
          {l.sessions !== null
            ? `${l.projectName ?? ''} ${l.sessions > 0 ? '+' : ''}${l.sessions} 次，剩余 ${l.sessionsAfter ?? 0} 次`
            : `本金 ${yuan(l.amount)}，赠送 ${yuan(l.bonusAmount)}，余额 ${yuan(l.balanceAfter)}`}
        </div>
      )),
  },
];

const REFUND_COLUMNS: ColumnsType<OrderDetailRefund> = [
  { title: '退款单号', dataIndex: 'refundNo', width: 140 },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => tag(REFUND_FLOW.states, v) },
  { title: '退款金额', dataIndex: 'amount', width: 110, ...money },
  { title: '退回会员卡', dataIndex: 'toCards', width: 110, ...money },
  { title: '原路退回', dataIndex: 'outside', width: 110, ...money },
  { title: '原因', dataIndex: 'reason' },
  { title: '申请时间', dataIndex: 'createdAt', width: 170, render: when },
  { title: '执行时间', dataIndex: 'executedAt', width: 170, render: when },
];

const MALL_LINE_COLUMNS: ColumnsType<MallOrderLineView> = [
  { title: '商品编码', dataIndex: 'goodsCode', width: 120 },
  { title: '商品', dataIndex: 'goodsName' },
  { title: '单价', dataIndex: 'price', width: 110, ...money },
  { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
  { title: '金额', dataIndex: 'amount', width: 110, ...money },
];

const RETURN_COLUMNS: ColumnsType<MallReturnView> = [
  { title: '售后单号', dataIndex: 'returnNo', width: 160 },
  { title: '类型', dataIndex: 'kind', width: 100, render: (v: string) => tag(MALL_RETURN_KINDS, v) },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => tag(MALL_RETURN_FLOW.states, v) },
  { title: '金额', dataIndex: 'amount', width: 110, ...money },
  { title: '原因', dataIndex: 'reason' },
  { title: '申请时间', dataIndex: 'createdAt', width: 170, render: when },
  { title: '退款时间', dataIndex: 'refundedAt', width: 170, render: when },
];

const table = <T extends object>(
  label: string,
  columns: ColumnsType<T>,
  rows: T[],
  key: keyof T & string,
  empty: string,
) => (
  <Table<T>
    aria-label={label}
    rowKey={key}
    size="small"
    columns={columns}
    dataSource={rows}
    pagination={false}
    locale={{ emptyText: empty }}
  />
);

const history = (rows: { at: string; label: string; reason: string; by?: string | null; actor?: string }[]) =>
  rows.length ? (
    <Timeline
      items={rows.map((h) => ({
        children: `${formatDateTime(h.at)}　${h.label}　${h.by ?? h.actor ?? ''}${h.reason ? `　${h.reason}` : ''}`,
      }))}
    />
  ) : (
    <Empty description="暂无记录" />
  );

function BillDetail({ d }: { d: Extract<OrderDetail, { type: 'bill' }> }) {
  const b = d.bill.bill;
  return (
    <>
      <Card title={`收银单 ${b.billNo}`}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="会员">{`${b.memberName}（${b.memberCode}）`}</Descriptions.Item>
          <Descriptions.Item label="门店">{b.storeName}</Descriptions.Item>
          <Descriptions.Item label="时间">{formatDateTime(b.consumedAt)}</Descriptions.Item>
          <Descriptions.Item label="类型">{tag(BILL_KINDS, b.kind)}</Descriptions.Item>
          <Descriptions.Item label="状态">{tag(BILL_FLOW.states, b.status)}</Descriptions.Item>
          <Descriptions.Item label="护理师">{b.staffName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="合计">{yuan(b.total)}</Descriptions.Item>
          <Descriptions.Item label="会员卡支付">{yuan(b.paidByCard)}</Descriptions.Item>
          <Descriptions.Item label="其他支付">{yuan(b.paidOther)}</Descriptions.Item>
          <Descriptions.Item label="已退款">{yuan(b.refunded)}</Descriptions.Item>
          <Descriptions.Item label="备注">{b.remark ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="明细" style={{ marginTop: 16 }}>
        {table('单据明细', LINE_COLUMNS, d.bill.lines, 'line', '暂无明细')}
      </Card>
      <Card title="支付" style={{ marginTop: 16 }}>
        {table('支付', PAY_COLUMNS, d.bill.payments, 'seq', '暂无支付')}
      </Card>
      <Card title="会员卡扣划" style={{ marginTop: 16 }}>
        {table('会员卡扣划', CARD_COLUMNS, d.bill.cards, 'memberCardId', '本单未使用会员卡')}
      </Card>
      <Card title="退款" style={{ marginTop: 16 }}>
        {table('退款', REFUND_COLUMNS, d.refunds, 'id', '暂无退款')}
      </Card>
      <Card title="单据记录" style={{ marginTop: 16 }}>
        {history(d.bill.history)}
      </Card>
    </>
  );
}

function MallDetail({ d }: { d: Extract<OrderDetail, { type: 'mall' }> }) {
  const o = d.order.order;
  return (
    <>
      <Card title={`商城订单 ${o.orderNo}`}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="会员">{o.memberName}</Descriptions.Item>
          <Descriptions.Item label="门店">{o.storeName}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="状态">{tag(MALL_ORDER_FLOW.states, o.status)}</Descriptions.Item>
          <Descriptions.Item label="支付方式">
            {o.payMethod ? tag(MALL_PAY_METHODS, o.payMethod) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="付款时间">{when(o.paidAt)}</Descriptions.Item>
          <Descriptions.Item label="合计">{yuan(o.total)}</Descriptions.Item>
          <Descriptions.Item label="已付">{yuan(o.paidAmount + o.balancePaid)}</Descriptions.Item>
          <Descriptions.Item label="已退款">{yuan(o.refundedAmount)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="商品" style={{ marginTop: 16 }}>
        {table('订单商品', MALL_LINE_COLUMNS, d.order.lines, 'id', '暂无商品')}
      </Card>
      <Card title="售后与退款" style={{ marginTop: 16 }}>
        {table('售后', RETURN_COLUMNS, d.order.returns, 'id', '暂无售后')}
      </Card>
      <Card title="订单记录" style={{ marginTop: 16 }}>
        {history(d.order.history as MallHistoryRow[])}
      </Card>
    </>
  );
}

export default function OrderDetailPage() {
  const no = new URLSearchParams(useLocation().search).get('id')?.trim() ?? '';
  const q = useQuery({
    queryKey: ['memberAccount', 'orderDetail', no],
    queryFn: () => call(POINTS_API.orderDetail, { query: { id: no } }),
    enabled: no !== '',
  });
  if (!no) return <Result status="warning" title="请从会员的消费记录打开订单详情" />;
  if (q.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!q.data) return <Result status="404" title="该单据不存在或不在您的数据范围内" />;
  return q.data.type === 'bill' ? <BillDetail d={q.data} /> : <MallDetail d={q.data} />;
}
