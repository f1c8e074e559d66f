/**
 * /shrConfig (SHR对接配置): where SHR is and how the last sync went (with the organisations SHR
 * has people in that no store is mapped to), 立即同步 / 全量同步, and the mappings: 组织对应 (an
 * SHR organisation is a store of the caller's scope), 职位对应 (an SHR job is a 岗位) and
 * 同步设置 (定时同步 on or off; its time is the job's, in /schedule).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHR_SETTINGS_API } from '@zb/contract/api/configUtils';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  SHR_API,
  SHR_CHANGE,
  SHR_JOB,
  SHR_ORG,
  SHR_RUN,
  SHR_RUN_STATUSES,
  SHR_RUN_TRIGGERS,
  type ShrStatus,
  shrRunText,
} from '@zb/contract/entities/shr';
import { enumLabel } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Tabs, Tag } from 'antd';
import { Link } from 'react-router';
import { call } from '../../platform/http';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { useCan } from '../../platform/permissions';
import { callKey, resourceKey } from '../../platform/queryClient';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { SettingsTable } from '../../platform/settings/SettingsTable';

/** A store of the caller's scope (the page's own call). */
function StoreInput({ value, onChange, disabled, field }: CustomInputProps) {
  return (
    <LookupSelect
      endpoint={SHR_API.stores}
      disabled={disabled}
      aria-label={field.label}
      placeholder="请选择门店"
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
const STORE_INPUTS = { storeId: StoreInput };

const statusColor = (v: string) => SHR_RUN_STATUSES.find((s) => s.value === v)?.color;

/** The last run in one line: 2026-11-27 02:30:00 定时同步 成功 — 获取 12 人：… */
export const lastRunText = (s: ShrStatus): string =>
  s.lastRun
    ? `${formatDateTime(s.lastRun.startedAt)} ${enumLabel(SHR_RUN_TRIGGERS, s.lastRun.trigger)}：${
        s.lastRun.error ?? shrRunText(s.lastRun)
      }`
    : '尚未同步';

function StatusCard() {
  const canEdit = useCan(buttonCodeOf('/shrConfig', 'edit'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: callKey(SHR_ORG, SHR_API.status), queryFn: () => call(SHR_API.status) });
  const sync = async (full: boolean) => {
    try {
      const r = await call(SHR_API.sync, { body: { full } });
      void (r.failed > 0 ? message.warning(shrRunText(r)) : message.success(shrRunText(r)));
    } catch {
      // The refusal (SHR unreachable, a sync running) was shown by the call's alert; the run is in the log.
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: callKey(SHR_ORG, SHR_API.status) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(SHR_RUN) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(SHR_CHANGE) }),
      ]);
    }
  };
  const s = status.data;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title="SHR 人事系统"
      loading={status.isLoading}
      extra={
        <Space>
          <Link to="/shrUserLog">查看同步日志</Link>
          {canEdit && (
            <>
              <Popconfirm
                title="从 SHR 获取上次同步以来变动的人员并更新员工档案，确定同步吗？"
                onConfirm={() => sync(false)}
              >
                <Button type="primary">立即同步</Button>
              </Popconfirm>
              <Popconfirm
                title="重新核对 SHR 中的全部人员（修改组织或职位对应后使用），人数多时需要较长时间，确定吗？"
                onConfirm={() => sync(true)}
              >
                <Button>全量同步</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      }
    >
      {s && (
        <>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="对接地址">{s.endpoint}</Descriptions.Item>
            <Descriptions.Item label="定时同步">
              <Tag color={s.enabled ? 'green' : 'default'}>{s.enabled ? '已开启' : '已关闭'}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="最近同步">
              {s.lastRun && (
                <Tag color={statusColor(s.lastRun.status)}>{enumLabel(SHR_RUN_STATUSES, s.lastRun.status)}</Tag>
              )}
              {lastRunText(s)}
            </Descriptions.Item>
            <Descriptions.Item label="变更起点">
              {s.watermark ? formatDateTime(s.watermark) : '下次同步获取全部人员'}
            </Descriptions.Item>
          </Descriptions>
          {s.unmappedOrgs.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              title={`以下 SHR 组织没有对应门店，其人员未同步：${s.unmappedOrgs.join('、')}。添加组织对应后请执行全量同步。`}
            />
          )}
        </>
      )}
    </Card>
  );
}

export default function ShrConfigPage() {
  return (
    <>
      <StatusCard />
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'orgs',
            label: '组织对应',
            children: <ResourceListPage decl={SHR_ORG} inputs={STORE_INPUTS} />,
          },
          { key: 'jobs', label: '职位对应', children: <ResourceListPage decl={SHR_JOB} /> },
          { key: 'settings', label: '同步设置', children: <SettingsTable api={SHR_SETTINGS_API} /> },
        ]}
      />
    </>
  );
}
