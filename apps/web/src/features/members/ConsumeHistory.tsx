/** 消费记录 of a member: GET /rest/member/findMemberConsume, newest first, paged and filtered by date on the server. */
import { useQuery } from '@tanstack/react-query';
import { type ConsumeBillDto, type ConsumeLineDto, MEMBER_API } from '@zb/contract/api/members';
import { PAGE_SIZES } from '@zb/contract/constants';
import { formatDateTime } from '@zb/contract/time';
import { DatePicker, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';

const money = (v: number) => formatFen(v);

const BILL_COLUMNS: ColumnsType<ConsumeBillDto> = [
  { title: '消费单号', dataIndex: 'billNo', width: 140 },
  { title: '消费时间', dataIndex: 'consumedAt', width: 170, render: (v: string) => formatDateTime(v) },
  { title: '门店', dataIndex: 'storeName', width: 120 },
  { title: '护理师', dataIndex: 'staffName', width: 90, render: (v: string | null) => v ?? '—' },
  {
    title: '消费内容',
    key: 'items',
    render: (_, b) => b.lines.map((l) => `${l.itemName}×${l.quantity}`).join('，'),
  },
  { title: '合计', dataIndex: 'total', width: 110, align: 'right', render: money },
  { title: '卡支付', dataIndex: 'paidByCard', width: 110, align: 'right', render: money },
  { title: '其他支付', dataIndex: 'paidOther', width: 110, align: 'right', render: money },
];

const drawn = (l: ConsumeLineDto) => {
  if (!l.cardNo) return '现金/其他';
  const what = l.sessions !== null ? `划 ${l.sessions} 次` : `扣 ${formatFen(l.cardAmount)}`;
  return `${l.cardName}（${l.cardNo}）${what}`;
};

const LINE_COLUMNS: ColumnsType<ConsumeLineDto> = [
  { title: '类别', dataIndex: 'itemKind', width: 70, render: (v: string) => (v === 'project' ? '项目' : '商品') },
  { title: '名称', dataIndex: 'itemName' },
  { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
  { title: '单价', dataIndex: 'unitPrice', width: 110, align: 'right', render: money },
  { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: money },
  { title: '支付方式', key: 'card', width: 280, render: (_, l) => drawn(l) },
];

const dayOf = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');

export function ConsumeHistory({ memberId }: { memberId: number }) {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>({ pageNo: 1, pageSize: PAGE_SIZES[0] });
  const query = { memberId, ...page, dateFrom: dayOf(range?.[0]), dateTo: dayOf(range?.[1]) };
  const bills = useQuery({
    queryKey: ['members', 'consume', query],
    queryFn: () => call(MEMBER_API.findMemberConsume, { query }),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DatePicker.RangePicker
        aria-label="消费日期"
        value={range}
        onChange={(v) => {
          setRange(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      <Table<ConsumeBillDto>
        aria-label="消费记录"
        rowKey="id"
        size="small"
        loading={bills.isPending}
        columns={BILL_COLUMNS}
        dataSource={bills.data?.list ?? []}
        expandable={{
          expandedRowRender: (b) => (
            <Table<ConsumeLineDto>
              rowKey="line"
              size="small"
              columns={LINE_COLUMNS}
              dataSource={b.lines}
              pagination={false}
            />
          ),
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: bills.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
        }}
        locale={{ emptyText: range ? '所选日期内没有消费记录' : '该会员暂无消费记录' }}
      />
    </Space>
  );
}
