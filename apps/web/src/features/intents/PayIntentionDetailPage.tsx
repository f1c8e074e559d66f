/**
 * /payIntentionDetail?id=N (意向金订单详情): the deposit — who paid what where, how, until when,
 * the bill it was used toward — its refunds and its history, and the buttons INTENT_FLOW allows
 * from its state (申请退款).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INTENT_API, type IntentRefundDto } from '@zb/contract/api/intents';
import { INTENT_FLOW, INTENT_REFUND_FLOW } from '@zb/contract/entities/intentDeposit';
import { formatDateTime } from '@zb/contract/time';
import { Card, Descriptions, Result, Space, Spin, Table, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { call } from '../../platform/http';
import { idOfSearch } from '../../platform/navigation';
import { FlowButtons } from './FlowButtons';
import { FlowHistory } from './History';
import { depositTag, payMethodLabel, sourceLabel, stateTag, yuan } from './labels';

export function RefundsTable({ refunds }: { refunds: readonly IntentRefundDto[] }) {
  return (
    <Table<IntentRefundDto>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...refunds]}
      locale={{ emptyText: '暂无退款申请' }}
      columns={[
        {
          title: '退款单号',
          dataIndex: 'refundNo',
          render: (v: string, r) => <Link to={`/refundIntentionDetail?id=${r.id}`}>{v}</Link>,
        },
        { title: '金额', dataIndex: 'amount', render: yuan },
        { title: '原因', dataIndex: 'reason' },
        { title: '状态', dataIndex: 'status', render: (s: string) => stateTag(INTENT_REFUND_FLOW, s) },
        { title: '申请人', dataIndex: 'appliedByName', render: (v: string | null) => v ?? '—' },
        { title: '申请时间', dataIndex: 'appliedAt', render: formatDateTime },
      ]}
    />
  );
}

export default function PayIntentionDetailPage() {
  const id = idOfSearch(useLocation().search);
  const client = useQueryClient();
  const key = ['intents', 'deposit', id];
  const q = useQuery({
    queryKey: key,
    queryFn: () => call(INTENT_API.depositDetail, { params: { id: id! } }),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" subTitle="请从意向金记录打开详情" />;
  if (q.isError) return <Result status="warning" subTitle="意向金不存在或不在您的数据范围内" />;
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const { deposit: d, history, refunds } = q.data;
  const run = async (_step: string, reason: string) => {
    try {
      await call(INTENT_API.applyRefund, { params: { id }, body: { reason } });
    } finally {
      await client.invalidateQueries({ queryKey: ['intents'] });
    }
  };
  return (
    <Card title={`意向金 ${d.depositNo}`} extra={<FlowButtons flow={INTENT_FLOW} state={d.status} run={run} />}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'no', label: '意向金单号', children: d.depositNo },
            { key: 'status', label: '状态', children: depositTag(d.status) },
            { key: 'amount', label: '金额', children: yuan(d.amount) },
            { key: 'store', label: '门店', children: d.storeName },
            {
              key: 'member',
              label: '会员',
              children: (
                <Link to={`/personalAccount?id=${d.memberId}`}>
                  {d.memberName}（{d.memberPhone}）
                </Link>
              ),
            },
            { key: 'code', label: '会员编号', children: d.memberCode },
            { key: 'method', label: '支付方式', children: payMethodLabel(d.payMethod) },
            { key: 'trade', label: '交易号', children: d.tradeNo ?? '—' },
            { key: 'source', label: '来源', children: sourceLabel(d.source) },
            { key: 'outer', label: '门店单号', children: d.outerNo ?? '—' },
            { key: 'paid', label: '支付时间', children: formatDateTime(d.paidAt) },
            { key: 'expires', label: '到期时间', children: formatDateTime(d.expiresAt) },
            {
              key: 'bill',
              label: '抵扣收银单',
              children: d.billNo ? <Link to={`/orderDetails?id=${d.consumeId}`}>{d.billNo}</Link> : '—',
            },
            { key: 'card', label: '开卡/充值卡号', children: d.memberCardNo ?? '—' },
            { key: 'used', label: '使用时间', children: d.usedAt ? formatDateTime(d.usedAt) : '—' },
            { key: 'remark', label: '备注', children: d.remark || '—' },
          ]}
        />
        <div>
          <Typography.Title level={5}>退款申请</Typography.Title>
          <RefundsTable refunds={refunds} />
        </div>
        <div>
          <Typography.Title level={5}>处理记录</Typography.Title>
          <FlowHistory rows={history} />
        </div>
      </Space>
    </Card>
  );
}
