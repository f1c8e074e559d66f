/**
 * /refundIntentionDetail?id=N (意向金退款详情): the refund application and its deposit, the
 * history of both, the money paid back (退款支付记录), and the review buttons INTENT_REFUND_FLOW
 * allows from its state. The application is decided in the approval center (审批编号 shown) or
 * here — the same decision: 审核通过 pays the deposit out at once, 驳回 (with its reason) gives it
 * back its 已支付 state; 执行退款 remains for a refund approved before that rule.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INTENT_API } from '@zb/contract/api/intents';
import { INTENT_REFUND_FLOW } from '@zb/contract/entities/intentDeposit';
import { formatDateTime } from '@zb/contract/time';
import { Card, Col, Descriptions, Result, Row, Space, Spin, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { call } from '../../platform/http';
import { idOfSearch } from '../../platform/navigation';
import { PayoutsTable } from '../../platform/PayoutsTable';
import { FlowButtons } from './FlowButtons';
import { FlowHistory } from './History';
import { depositTag, payMethodLabel, stateTag, yuan } from './labels';

export default function RefundIntentionDetailPage() {
  const id = idOfSearch(useLocation().search);
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['intents', 'refund', id],
    queryFn: () => call(INTENT_API.refundDetail, { params: { id: id! } }),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" subTitle="请从意向金退款列表打开详情" />;
  if (q.isError) return <Result status="warning" subTitle="退款申请不存在或不在您的数据范围内" />;
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const { refund: r, deposit: d, history, depositHistory, payouts } = q.data;
  const run = async (step: string, reason: string) => {
    try {
      await call(INTENT_API.refundStep, {
        params: { id },
        body: { step: step as 'approve' | 'reject' | 'execute', reason: reason || undefined },
      });
    } finally {
      await client.invalidateQueries({ queryKey: ['intents'] });
    }
  };
  return (
    <Card
      title={`意向金退款 ${r.refundNo}`}
      extra={<FlowButtons flow={INTENT_REFUND_FLOW} state={r.status} run={run} />}
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'no', label: '退款单号', children: r.refundNo },
            {
              key: 'sp',
              label: '审批编号',
              children: r.spNo ? <Link to="/approvalCenter">{r.spNo}</Link> : '—',
            },
            { key: 'status', label: '状态', children: stateTag(INTENT_REFUND_FLOW, r.status) },
            { key: 'amount', label: '退款金额', children: yuan(r.amount) },
            { key: 'reason', label: '退款原因', children: r.reason },
            { key: 'by', label: '申请人', children: r.appliedByName ?? '—' },
            { key: 'at', label: '申请时间', children: formatDateTime(r.appliedAt) },
            { key: 'decider', label: '审核人', children: r.decidedByName ?? '—' },
            { key: 'decided', label: '审核时间', children: r.decidedAt ? formatDateTime(r.decidedAt) : '—' },
            { key: 'trade', label: '退款交易号', children: r.refundTradeNo ?? '—' },
            { key: 'refunded', label: '退款时间', children: r.refundedAt ? formatDateTime(r.refundedAt) : '—' },
          ]}
        />
        <Descriptions
          title="意向金"
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'no',
              label: '意向金单号',
              children: <Link to={`/payIntentionDetail?id=${d.id}`}>{d.depositNo}</Link>,
            },
            { key: 'status', label: '状态', children: depositTag(d.status) },
            { key: 'store', label: '门店', children: d.storeName },
            { key: 'member', label: '会员', children: `${d.memberName}（${d.memberPhone}）` },
            { key: 'method', label: '支付方式', children: payMethodLabel(d.payMethod) },
            { key: 'trade', label: '交易号', children: d.tradeNo ?? '—' },
            { key: 'paid', label: '支付时间', children: formatDateTime(d.paidAt) },
          ]}
        />
        <div>
          <Typography.Title level={5}>退款支付记录</Typography.Title>
          <PayoutsTable rows={payouts} />
        </div>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>退款处理记录</Typography.Title>
            <FlowHistory rows={history} />
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>意向金记录</Typography.Title>
            <FlowHistory rows={depositHistory} />
          </Col>
        </Row>
      </Space>
    </Card>
  );
}
