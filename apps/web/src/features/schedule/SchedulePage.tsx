/** /schedule (定时任务): the server's jobs, their next and last runs; 立即执行, 修改 and 执行记录. */
import type { ScheduleJobRow } from '@zb/contract/api/schedule';
import { Button, Space, Switch, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/permissions';
import { CronModal } from './CronModal';
import { RunsDrawer } from './RunsDrawer';
import { runTag, SCHEDULE_EDIT, SCHEDULE_ENABLE } from './scheduleModel';
import { useScheduleJobs } from './useSchedule';

export default function SchedulePage() {
  const s = useScheduleJobs();
  const canEdit = useCan(SCHEDULE_EDIT);
  const canEnable = useCan(SCHEDULE_ENABLE);
  const [editing, setEditing] = useState<ScheduleJobRow | null>(null);
  const [viewing, setViewing] = useState<ScheduleJobRow | null>(null);

  const columns: TableProps<ScheduleJobRow>['columns'] = [
    { title: '任务', dataIndex: 'title', width: 220 },
    { title: 'Cron 表达式', dataIndex: 'cron', width: 140, render: (c: string) => <code>{c}</code> },
    { title: '下次执行', dataIndex: 'nextRunAt', width: 170, render: (d: string | null) => d ?? '—' },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, row) => (
        <Switch
          checked={enabled}
          checkedChildren="启用"
          unCheckedChildren="停用"
          aria-label={`${row.title}启用状态`}
          disabled={!canEnable}
          loading={s.toggle.isPending && s.toggle.variables?.name === row.name}
          onChange={(checked) => s.toggle.mutate({ name: row.name, enabled: checked })}
        />
      ),
    },
    {
      title: '最近执行',
      key: 'lastRun',
      render: (_: unknown, row) => {
        const tag = runTag(row.lastRun);
        return (
          <Space orientation="vertical" size={0}>
            <Space size={4}>
              <Tag color={tag.color}>{tag.text}</Tag>
              {row.lastRun && <Typography.Text type="secondary">{row.lastRun.startedAt}</Typography.Text>}
            </Space>
            {row.lastRun?.message && <Typography.Text>{row.lastRun.message}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {canEdit && (
            <Button
              type="link"
              size="small"
              loading={s.running === row.name}
              onClick={() => void s.runNow(row.name, row.title)}
            >
              立即执行
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(row)}>
              修改
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            执行记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Table<ScheduleJobRow>
        rowKey="name"
        size="middle"
        loading={s.loading}
        columns={columns}
        dataSource={s.jobs}
        locale={{ emptyText: '暂无定时任务' }}
        scroll={{ x: 1100 }}
        pagination={false}
      />
      <CronModal
        job={editing}
        saving={s.save.isPending}
        onSave={(cron) => s.save.mutateAsync({ name: editing?.name ?? '', cron })}
        onClose={() => setEditing(null)}
      />
      <RunsDrawer key={viewing?.name ?? ''} job={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
