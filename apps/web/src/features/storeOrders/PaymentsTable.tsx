/** The payments of an order: when, how much, how, the voucher, who recorded it. */
import { PAY_METHODS, type StoreOrderPayment } from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Image, Table } from 'antd';

export function PaymentsTable({ payments }: { payments: readonly StoreOrderPayment[] }) {
  return (
    <Table<StoreOrderPayment>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...payments]}
      locale={{ emptyText: '暂无付款记录' }}
      columns={[
        { title: '付款时间', dataIndex: 'paidAt', width: 170, render: (v: string) => formatDateTime(v) },
        { title: '付款金额', dataIndex: 'amount', width: 120, render: (v: number) => `¥${formatYuan(v)}` },
        {
          title: '付款方式',
          dataIndex: 'method',
          width: 100,
          render: (v: string) => PAY_METHODS.find((m) => m.value === v)?.label ?? v,
        },
        {
          title: '付款凭证',
          dataIndex: 'voucher',
          width: 100,
          render: (v: string | null) => (v ? <Image src={v} width={48} height={48} alt="付款凭证" /> : '—'),
        },
        { title: '备注', dataIndex: 'remark', render: (v: string | null) => v || '—' },
        { title: '登记人', dataIndex: 'recordedBy', width: 100, render: (v: string | null) => v ?? '—' },
        { title: '登记时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
