/**
 * /refundDetail?id=N (退款详情): the refund — its state, amounts, bill, member and reason —, the
 * lines and payments it refunds, the card ledger rows its execution wrote, its history
 * (flowHistory: 创建, 审核通过 / 驳回, 执行退款 — who, when, why), and the buttons the flow
 * allows from its state. An approver opens it from the approval center.
 */

import { BILL_LINE_KINDS, BILL_PAY_METHODS } from '@zb/contract/entities/bill';
import {
  REFUND_FLOW,
  REFUND_SOURCES,
  type RefundDetail,
  type RefundDetailLine,
  type RefundDetailPayment,
} from '@zb/contract/entities/refund';
import { enumLabel } from '@zb/contract/resource/define';
import { Card, Descriptions, Result, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { formatFen } from '../../platform/money';
import { useRefundDetail } from './api';
import { RefundActions } from './RefundActions';

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

function Head({ r }: { r: RefundDetail }) {
  const state = REFUND_FLOW.states.find((s) => s.value === r.status);
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      items={[
        { key: 'no', label: '退款单号', children: r.refundNo },
        { key: 'status', label: '状态', children: <Tag color={state?.color}>{state?.label ?? r.status}</Tag> },
        { key: 'source', label: '来源', children: enumLabel(REFUND_SOURCES, r.source) },
        { key: 'store', label: '门店', children: r.storeName },
        { key: 'bill', label: '收银单号', children: <Link to={`/orderDetails?id=${r.billId}`}>{r.billNo}</Link> },
        { key: 'billAt', label: '收银时间', children: r.billAt },
        { key: 'member', label: '会员', children: `${r.memberName}（${r.memberPhone}）` },
        { key: 'billTotal', label: '收银单金额', children: formatFen(r.billTotal) },
        { key: 'billRefunded', label: '收银单已退', children: formatFen(r.billRefunded) },
        { key: 'amount', label: '退款金额', children: formatFen(r.amount) },
        { key: 'toCards', label: '退回会员卡', children: r.status === 'executed' ? formatFen(r.toCards) : '—' },
        { key: 'outside', label: '原路退回', children: r.status === 'executed' ? formatFen(r.outside) : '—' },
        { key: 'applicant', label: '申请人', children: r.applicant || '—' },
        { key: 'createdAt', label: '申请时间', children: r.createdAt },
        { key: 'spNo', label: '审批编号', children: r.spNo ?? '—' },
        { key: 'reason', label: '退款原因', children: r.reason, span: 3 },
      ]}
    />
  );
}

function Lines({ r }: { r: RefundDetail }) {
  return (
    <Table<RefundDetailLine>
      aria-label="退款明细"
      rowKey="line"
      size="small"
      pagination={false}
      dataSource={r.lines}
      columns={[
        { title: '行号', dataIndex: 'line', width: 60 },
        { title: '类型', dataIndex: 'itemKind', width: 80, render: (k: string) => enumLabel(BILL_LINE_KINDS, k) },
        { title: '项目或商品', dataIndex: 'item' },
        { title: '数量', dataIndex: 'quantity', width: 70 },
        { title: '行金额', dataIndex: 'lineAmount', width: 110, align: 'right', render: formatFen },
        { title: '会员卡', dataIndex: 'cardNo', width: 130, render: (v: string | null) => v ?? '—' },
        { title: '退款金额', dataIndex: 'amount', width: 110, align: 'right', render: formatFen },
        { title: '退回次数', dataIndex: 'sessions', width: 90, render: (v: number | null) => v ?? '—' },
      ]}
    />
  );
}

function Payments({ r }: { r: RefundDetail }) {
  return (
    <Table<RefundDetailPayment>
      aria-label="原路退回"
      rowKey="seq"
      size="small"
      pagination={false}
      dataSource={r.payments}
      columns={[
        { title: '支付序号', dataIndex: 'seq', width: 90 },
        { title: '支付方式', dataIndex: 'method', width: 110, render: (m: string) => enumLabel(BILL_PAY_METHODS, m) },
        { title: '原支付金额', dataIndex: 'paid', width: 120, align: 'right', render: formatFen },
        { title: '退回金额', dataIndex: 'amount', width: 120, align: 'right', render: formatFen },
        { title: '交易号', dataIndex: 'tradeNo', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function Ledger({ r }: { r: RefundDetail }) {
  return (
    <Table
      aria-label="会员卡退回"
      rowKey={(_, i) => String(i)}
      size="small"
      pagination={false}
      dataSource={r.ledger}
      columns={[
        { title: '会员卡', dataIndex: 'cardNo', width: 140 },
        {
          title: '消费所用卡',
          dataIndex: 'originCardNo',
          width: 170,
          render: (v: string | null, row) => (v ? `${v}（已补卡）` : row.cardNo),
        },
        { title: '本金', dataIndex: 'amount', width: 110, align: 'right', render: formatFen },
        { title: '赠送', dataIndex: 'bonus', width: 110, align: 'right', render: formatFen },
        { title: '次数', dataIndex: 'sessions', width: 80, render: (v: number | null) => v ?? '—' },
        { title: '退后余额', dataIndex: 'balanceAfter', width: 120, align: 'right', render: formatFen },
        { title: '退后赠送余额', dataIndex: 'bonusAfter', width: 120, align: 'right', render: formatFen },
        { title: '退后剩余次数', dataIndex: 'sessionsAfter', render: (v: number | null) => v ?? '—' },
      ]}
    />
  );
}

function History({ r }: { r: RefundDetail }) {
  return (
    <Timeline
      items={r.history.map((h, i) => ({
        key: i,
        content: (
          <div>
            <Typography.Text strong>{h.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {h.by} · {h.at}
            </Typography.Text>
            {h.reason && <div>说明：{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}

export default function RefundDetailPage() {
  const id = idOf(new URLSearchParams(useLocation().search).get('id'));
  const detail = useRefundDetail(id);
  if (id === null) return <Result status="warning" title="缺少退款单编号" />;
  if (detail.isPending) return <Spin />;
  if (!detail.data) return <Result status="warning" title="退款单不存在或不在您的数据范围内" />;
  const r = detail.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={`退款单 ${r.refundNo}`} extra={<RefundActions id={r.id} status={r.status} />}>
        <Head r={r} />
      </Card>
      <Card title="退款明细">
        <Lines r={r} />
      </Card>
      {r.payments.length > 0 && (
        <Card title="原路退回">
          <Payments r={r} />
        </Card>
      )}
      {r.ledger.length > 0 && (
        <Card title="会员卡退回">
          <Ledger r={r} />
        </Card>
      )}
      <Card title="处理记录">
        <History r={r} />
      </Card>
    </Space>
  );
}
