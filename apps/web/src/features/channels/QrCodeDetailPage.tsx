/**
 * /qrCodeDetail?id=N (二维码详情, open to any signed-in user; the server still limits it to the
 * user's data scope): the code drawn by the server, 下载 as a PNG, and its scans and registrations
 * by day over the chosen days.
 */
import { QR_CODE, QR_OWNER_KINDS, QR_STATUSES, QR_TARGETS } from '@zb/contract/entities/channel';
import { enumLabel } from '@zb/contract/resource/define';
import { Button, Card, Descriptions, Empty, Radio, Result, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQrView } from './api';

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

const DAYS = [7, 30, 90];

export default function QrCodeDetailPage() {
  const id = idOf(new URLSearchParams(useLocation().search).get('id'));
  const [days, setDays] = useState(30);
  const view = useQrView(id, days);
  if (id === null) return <Result status="404" title="请从二维码列表打开详情" />;
  if (view.isPending) return <Spin />;
  if (!view.data) return <Result status="warning" title="该二维码不存在或不在您的数据范围内" />;
  const q = view.data;
  const status = QR_STATUSES.find((s) => s.value === q.status);
  const active = q.days.filter((d) => d.scans || d.registrations);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={`${q.name}（${q.code}）`} extra={<Tag color={status?.color}>{status?.label}</Tag>}>
        <Space align="start" size="large" wrap>
          <Space orientation="vertical" align="center">
            <img src={q.image} alt={`二维码 ${q.code}`} width={200} height={200} />
            <Button href={q.image} download={`${q.code}_${q.name}.png`}>
              下载二维码
            </Button>
          </Space>
          <Descriptions column={2} size="small" bordered style={{ minWidth: 480 }}>
            <Descriptions.Item label="渠道">{q.channelName}</Descriptions.Item>
            <Descriptions.Item label="归属">{enumLabel(QR_OWNER_KINDS, q.ownerKind)}</Descriptions.Item>
            <Descriptions.Item label="门店">{q.storeName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="员工">{q.staffName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="跳转目标">{enumLabel(QR_TARGETS, q.target)}</Descriptions.Item>
            <Descriptions.Item label="页面路径">{q.pagePath ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="页面参数">{q.params ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{q.createdAt.replace('T', ' ').slice(0, 19)}</Descriptions.Item>
            <Descriptions.Item label="扫码次数">{q.scans}</Descriptions.Item>
            <Descriptions.Item label="注册会员">{q.registrations}</Descriptions.Item>
            <Descriptions.Item label="二维码内容" span={2}>
              {q.url}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Card
        title="每日数据"
        extra={
          <Radio.Group
            optionType="button"
            value={days}
            onChange={(e) => setDays(e.target.value as number)}
            options={DAYS.map((d) => ({ value: d, label: `近${d}天` }))}
          />
        }
      >
        <Table
          rowKey="day"
          size="small"
          loading={view.isFetching}
          dataSource={[...q.days].reverse()}
          locale={{ emptyText: <Empty description="暂无数据" /> }}
          pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条` }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: QR_CODE.fields.scans.label, dataIndex: 'scans', align: 'right' },
            { title: QR_CODE.fields.registrations.label, dataIndex: 'registrations', align: 'right' },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计（有数据 {active.length} 天）</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {q.days.reduce((s, d) => s + d.scans, 0)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {q.days.reduce((s, d) => s + d.registrations, 0)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
    </Space>
  );
}
