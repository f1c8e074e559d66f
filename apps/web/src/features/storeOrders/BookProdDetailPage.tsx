/** /bookProdDetail (订货详情（旧）): one order of the old system with its lines as it kept them. */
import { useQuery } from '@tanstack/react-query';
import {
  LEGACY_ORDER,
  LEGACY_ORDER_API,
  LEGACY_ORDER_STATUSES,
  type LegacyOrderLine,
} from '@zb/contract/entities/legacyOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Alert, Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { useLocation } from 'react-router';
import { call } from '../../platform/http';
import { detailKey } from '../../platform/queryClient';

export default function BookProdDetailPage() {
  const raw = Number(new URLSearchParams(useLocation().search).get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const detail = useQuery({
    queryKey: detailKey(LEGACY_ORDER, id ?? 0),
    queryFn: () => call(LEGACY_ORDER_API.detail, { params: { id: id! } }),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" subTitle="请从旧订货记录打开详情" />;
  if (detail.isError) return <Result status="warning" subTitle="记录不存在或不在您的数据范围内" />;
  const o = detail.data;
  if (!o) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const status = LEGACY_ORDER_STATUSES.find((s) => s.value === o.status);
  const lines = (o.lines as LegacyOrderLine[] | null) ?? [];
  return (
    <Card title={`订货单（旧） ${String(o.orderNo)}`}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon message="旧系统的订货记录，仅供查阅；明细为旧系统当时的商品编码与名称。" />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'no', label: '订单号', children: String(o.orderNo) },
            { key: 'store', label: '门店', children: String(o.storeName) },
            { key: 'region', label: '大区', children: String(o.regionName) },
            { key: 'at', label: '下单时间', children: formatDateTime(String(o.orderedAt)) },
            {
              key: 'status',
              label: '状态',
              children: <Tag color={status?.color}>{status?.label ?? String(o.status)}</Tag>,
            },
            { key: 'total', label: '订单金额', children: `¥${formatYuan(Number(o.total))}` },
            { key: 'remark', label: '备注', children: o.remark ? String(o.remark) : '—' },
          ]}
        />
        <div>
          <Typography.Title level={5}>订货明细</Typography.Title>
          <Table<LegacyOrderLine & { key: number }>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={lines.map((l, key) => ({ ...l, key }))}
            locale={{ emptyText: '无明细' }}
            columns={[
              { title: '编码', dataIndex: 'code', width: 100 },
              { title: '名称', dataIndex: 'name' },
              { title: '规格', dataIndex: 'spec', width: 130, render: (s: string | null) => s ?? '—' },
              { title: '数量', key: 'q', width: 90, render: (_, l) => `${l.quantity}${l.unit}` },
              { title: '单价', dataIndex: 'price', width: 100, render: (v: number) => `¥${formatYuan(v)}` },
              { title: '金额', dataIndex: 'amount', width: 110, render: (v: number) => `¥${formatYuan(v)}` },
            ]}
          />
        </div>
      </Space>
    </Card>
  );
}
