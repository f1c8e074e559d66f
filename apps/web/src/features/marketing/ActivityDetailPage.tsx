/**
 * /activityDetail: ?create=1 is the new real-card activity form; ?id=N shows the activity — its
 * fields, its counts, the steps the user may take now (提交审核, 审核通过, 驳回 with a reason, 停用),
 * 下载二维码 once approved — and its cards (RealCardsTable); &edit=1 opens the form on it.
 */
import {
  ACTIVITY_STATUSES,
  ACTIVITY_STEPS,
  type ActivityStep,
  type RealCardActivityView,
} from '@zb/contract/entities/marketingActivity';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';
import { RejectReasonModal } from '../../platform/RejectReasonModal';
import { abilitiesOf, zipNameOf } from './activityRules';
import { downloadQrPack, rejectActivity, runActivityStep, useActivityView, useRefreshActivities } from './api';
import { RealCardForm } from './RealCardForm';
import { RealCardsTable } from './RealCardsTable';

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

const CARD_KIND_LABEL: Record<string, string> = { combo: '套餐卡', stored: '储值卡' };

function Actions({ a }: { a: RealCardActivityView }) {
  const can = useButtons();
  const navigate = useNavigate();
  const refresh = useRefreshActivities();
  const [rejecting, setRejecting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const may = abilitiesOf(a.status, can);

  const step = async (s: Exclude<ActivityStep, 'reject'>) => {
    const ask: Record<typeof s, string> = {
      submit: `确定提交「${a.name}」审核？审核期间不能修改。`,
      approve: `确定审核通过「${a.name}」？通过后即可下载二维码印制，卡项与数量不能再改。`,
      disable: `确定停用「${a.name}」？停用后所有卡都不能再领取。`,
    };
    if (!(await confirm(ask[s]))) return;
    try {
      await runActivityStep(s, a.id);
    } finally {
      await refresh();
    }
  };

  return (
    <Space wrap>
      {may.edit && <Button onClick={() => navigate(`/activityDetail?id=${a.id}&edit=1`)}>编辑</Button>}
      {may.steps
        .filter((s): s is Exclude<ActivityStep, 'reject'> => s !== 'reject')
        .map((s) => (
          <Button
            key={s}
            type={s === 'approve' || s === 'submit' ? 'primary' : 'default'}
            danger={s === 'disable'}
            onClick={() => void step(s)}
          >
            {ACTIVITY_STEPS[s].label}
          </Button>
        ))}
      {may.steps.includes('reject') && (
        <Button danger onClick={() => setRejecting(true)}>
          驳回
        </Button>
      )}
      {may.download && (
        <Button
          type="primary"
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadQrPack(a.id, zipNameOf(a));
            } finally {
              setDownloading(false);
            }
          }}
        >
          下载二维码
        </Button>
      )}
      {rejecting && (
        <RejectReasonModal
          title="驳回活动"
          onCancel={() => setRejecting(false)}
          onOk={async (reason) => {
            try {
              await rejectActivity(a.id, reason);
              setRejecting(false);
            } finally {
              await refresh();
            }
          }}
        />
      )}
    </Space>
  );
}

function ActivityView({ a }: { a: RealCardActivityView }) {
  const can = useButtons();
  const status = ACTIVITY_STATUSES.find((s) => s.value === a.status);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {a.status === 'rejected' && a.rejectReason && (
        <Alert type="error" showIcon title={`已驳回：${a.rejectReason}`} description="修改后可再次提交审核" />
      )}
      <Card title={`${a.name}（${a.code}）`} extra={<Actions a={a} />}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="活动类型">实体卡</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={status?.color}>{status?.label ?? a.status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="卡项">
            {a.cardName}（{CARD_KIND_LABEL[a.cardKind] ?? a.cardKind}）
          </Descriptions.Item>
          <Descriptions.Item label="领取时间">
            {a.startDate} 至 {a.endDate}
          </Descriptions.Item>
          <Descriptions.Item label="制卡总数">{a.quantity} 张</Descriptions.Item>
          <Descriptions.Item label="领取情况">
            已领取 {a.counts.claimed} · 未领取 {a.counts.unclaimed} · 已作废 {a.counts.voided}
          </Descriptions.Item>
          <Descriptions.Item label="创建">
            {a.createdByName ?? '—'} {a.createdAt}
          </Descriptions.Item>
          <Descriptions.Item label="审核通过">
            {a.approvedAt ? `${a.approvedByName ?? '—'} ${a.approvedAt}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="备注">{a.remark || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="卡片">
        <RealCardsTable
          activityId={a.id}
          unclaimed={a.counts.unclaimed}
          canVoid={abilitiesOf(a.status, can).voidCards}
        />
      </Card>
    </Space>
  );
}

export default function ActivityDetailPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(search);
  const creating = q.get('create') === '1';
  const id = idOf(q.get('id'));
  const editing = q.get('edit') === '1';
  const view = useActivityView(creating ? null : id);

  if (creating) {
    return (
      <Card title="新增实体卡活动">
        <RealCardForm
          onSaved={(newId) => navigate(`/activityDetail?id=${newId}`, { replace: true })}
          onCancel={() => navigate('/activityList')}
        />
      </Card>
    );
  }
  if (id === null) return <Result status="404" title="请从营销活动列表打开活动" />;
  if (view.isLoading) return <Spin />;
  if (!view.data) return <Result status="404" title="该营销活动不存在或已被删除" />;
  if (editing) {
    return (
      <Card title={`编辑实体卡活动：${view.data.name}`}>
        <RealCardForm
          activity={view.data}
          onSaved={() => navigate(`/activityDetail?id=${id}`, { replace: true })}
          onCancel={() => navigate(`/activityDetail?id=${id}`)}
        />
      </Card>
    );
  }
  return <ActivityView a={view.data} />;
}
