/**
 * /OperationManagement 经营分析: the chain's member operation (the caller's stores) for a period —
 * statistic cards (new, visiting, repeat rate, card buyers, spend, members holding value, to
 * recall, prepaid balance and its change) and two charts (the daily trend, the stores), each read
 * from the declared reports' bindings (dashboard.ts). A card opens its report where the user may.
 */
import { canOpen } from '@zb/contract/access';
import { routeByPath } from '@zb/contract/routes';
import { Card, Col, DatePicker, Empty, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMenuContext } from '../../platform/permissions';
import { PRESET_LABELS, presetRange, todayOnServer } from '../../platform/report/presets';
import { chartsOf, figuresOf, type Period, useOpsDashboard } from './dashboard';

const ReportChart = lazy(() => import('../../platform/report/ReportChart'));
const CHART_HEIGHT = 300;
const PRESETS = (['thisMonth', 'lastMonth', 'last7Days', 'last30Days'] as const).map((p) => {
  const r = presetRange(p, todayOnServer());
  return { label: PRESET_LABELS[p], value: [dayjs(r.from), dayjs(r.to)] as [dayjs.Dayjs, dayjs.Dayjs] };
});

export default function OperationManagementPage() {
  const [period, setPeriod] = useState<Period>(() => presetRange('thisMonth', todayOnServer()));
  const data = useOpsDashboard(period);
  const { codes } = useMenuContext();
  const mayOpen = (to: string) => {
    const r = routeByPath(to.split('?')[0] as string);
    return !!r && canOpen(r, codes);
  };
  const figures = figuresOf(period, {
    members: data.members.data?.totals,
    recall: data.recall.data?.totals,
    assets: data.assets.data?.totals,
  });
  const charts = chartsOf(data.trend.data?.list, data.byStore.data?.list);
  const chart = (title: string, option: ReturnType<typeof chartsOf>['trend'], loading: boolean) => (
    <Card title={title} size="small" loading={loading}>
      {option ? (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <ReportChart option={option} title={title} height={CHART_HEIGHT} />
        </Suspense>
      ) : (
        <Empty description="暂无数据" />
      )}
    </Card>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space>
        <Typography.Text>日期</Typography.Text>
        <DatePicker.RangePicker
          aria-label="日期"
          allowClear={false}
          presets={PRESETS}
          value={[dayjs(period.from), dayjs(period.to)]}
          onChange={(v) => {
            if (v?.[0] && v[1]) setPeriod({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
          }}
        />
        <Typography.Text type="secondary">待召回会员为今天的名单；其余为所选期间、您数据范围内的门店</Typography.Text>
      </Space>
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={8} xl={6} xxl={4}>
            <Card size="small" loading={!data.members.data && data.members.isLoading}>
              <Statistic
                title={f.to && mayOpen(f.to) ? <Link to={f.to}>{f.label}</Link> : f.label}
                value={f.text}
                formatter={() => f.text}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          {chart('每日会员趋势', charts.trend, data.trend.isLoading)}
        </Col>
        <Col xs={24} xl={12}>
          {chart('各门店新增、到店与复购', charts.byStore, data.byStore.isLoading)}
        </Col>
      </Row>
    </Space>
  );
}
