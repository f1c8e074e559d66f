/**
 * 退款支付记录 (contract entities/paymentRefund.ts): the money a deposit refund or a mall
 * after-sale refund paid back, by channel — shown on /refundIntentionDetail and /onlineOrderDetail.
 */
import { PAYMENT_REFUND_METHODS, type PaymentRefundDto } from '@zb/contract/entities/paymentRefund';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Table } from 'antd';

export function PayoutsTable({ rows }: { rows: readonly (PaymentRefundDto & { returnNo?: string })[] }) {
  const ofReturns = rows.some((r) => r.returnNo);
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.refundNo}`}
      pagination={false}
      dataSource={[...rows]}
      locale={{ emptyText: '尚未退款' }}
      columns={[
        { title: '退款流水号', dataIndex: 'refundNo', width: 150 },
        ...(ofReturns ? [{ title: '售后单号', dataIndex: 'returnNo', width: 170 }] : []),
        {
          title: '退款方式',
          dataIndex: 'method',
          width: 100,
          render: (m: string) => enumLabel(PAYMENT_REFUND_METHODS, m),
        },
        { title: '退款金额', dataIndex: 'amount', width: 110, render: (v: number) => `¥${formatYuan(v)}` },
        { title: '原交易号', dataIndex: 'tradeNo', render: (v: string | null) => v ?? '—' },
        { title: '退款交易号', dataIndex: 'refundTradeNo', render: (v: string | null) => v ?? '—' },
        { title: '退款时间', dataIndex: 'refundedAt', width: 170, render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
