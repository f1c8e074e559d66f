/**
 * /promotionDetail (推广方案详情): the plan (read, edited while 草稿/已驳回, or created), its steps,
 * the result panel (推荐人数, 已奖励, 转化率, 首单金额) and its referrals with their rewards.
 */
import { useQuery } from '@tanstack/react-query';
import { PROMOTION, PROMOTION_API, PROMOTION_REFERRAL, REFERRAL_STATUSES } from '@zb/contract/entities/promotion';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { PromotionActions } from './PromotionActions';
import { PROMOTION_INPUTS } from './promotionInputs';

type Referral = Record<string, unknown> & { id: number };

function Results({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const plan = useQuery({
    queryKey: [...resourceKey(PROMOTION), 'detail', id],
    queryFn: () => call(PROMOTION_API.detail, { params: { id } }),
  });
  const referrals = useQuery({
    queryKey: [...resourceKey(PROMOTION_REFERRAL), 'of', id, page],
    queryFn: () =>
      call(PROMOTION_API.referral.list, { query: { promotionId: String(id), pageNo: page, pageSize: 10 } as never }),
  });
  const p = plan.data as (Record<string, unknown> & { id: number }) | undefined;
  const n = Number(p?.referrals ?? 0);
  const rewarded = Number(p?.rewarded ?? 0);
  return (
    <>
      {p && (
        <Card
          size="small"
          style={{ marginTop: 16 }}
          title="推广效果"
          extra={<PromotionActions row={{ id, name: String(p.name), status: String(p.status) }} />}
        >
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title="推荐人数" value={n} />
            </Col>
            <Col span={6}>
              <Statistic title="已奖励" value={rewarded} />
            </Col>
            <Col span={6}>
              <Statistic title="首单转化率" value={n ? ((rewarded / n) * 100).toFixed(1) : '—'} suffix={n ? '%' : ''} />
            </Col>
            <Col span={6}>
              <Statistic title="首单金额合计（元）" value={formatYuan(Number(p.firstRevenue ?? 0))} />
            </Col>
          </Row>
        </Card>
      )}
      <Card size="small" style={{ marginTop: 16 }} title="推荐记录">
        <Table<Referral>
          rowKey="id"
          size="small"
          loading={referrals.isFetching}
          dataSource={(referrals.data?.list ?? []) as Referral[]}
          locale={{ emptyText: '暂无推荐记录' }}
          pagination={{ current: page, pageSize: 10, total: referrals.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '推荐时间', dataIndex: 'registeredAt', width: 170, render: (v: string) => formatDateTime(v) },
            { title: '被推荐会员', dataIndex: 'memberName', width: 110 },
            { title: '会员手机号', dataIndex: 'memberPhone', width: 120 },
            {
              title: '推荐人',
              key: 'referrer',
              render: (_: unknown, r) => `${r.referrerName ?? '—'}（${r.referrerKind === 'staff' ? '员工' : '会员'}）`,
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: string) => (
                <Tag color={REFERRAL_STATUSES.find((s) => s.value === v)?.color}>{enumLabel(REFERRAL_STATUSES, v)}</Tag>
              ),
            },
            {
              title: '首单金额',
              dataIndex: 'firstAmount',
              width: 100,
              render: (v: number | null) => (v === null ? '—' : `¥${formatYuan(v)}`),
            },
            { title: '奖励', dataIndex: 'reward', width: 160, render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Card>
    </>
  );
}

const below = (id: number) => <Results id={id} />;

export default function PromotionDetailPage() {
  return <ResourceDetailPage decl={PROMOTION} inputs={PROMOTION_INPUTS} below={below} />;
}
