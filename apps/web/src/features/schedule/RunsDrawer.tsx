/** 执行记录: the runs of one job, newest first, paged (keyed by job, so another job starts at page 1). */

import { SCHEDULE_RUN_STATUS, type ScheduleJobRow, type ScheduleRunRow } from '@zb/contract/api/schedule';
import { Drawer, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { tablePagination } from '../../platform/list/pagination';
import { runTag, triggerText } from './scheduleModel';
import { useJobRuns } from './useSchedule';

const columns: TableProps<ScheduleRunRow>['columns'] = [
  { title: '开始时间', dataIndex: 'startedAt', width: 170 },
  { title: '结束时间', dataIndex: 'finishedAt', width: 170, render: (d: string | null) => d ?? '—' },
  { title: '触发方式', key: 'trigger', width: 130, render: (_: unknown, r) => triggerText(r) },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (_: unknown, r) => <Tag color={runTag(r).color}>{SCHEDULE_RUN_STATUS[r.status]}</Tag>,
  },
  { title: '结果', dataIndex: 'message' },
  { title: '执行实例', dataIndex: 'instance', width: 180, ellipsis: true },
];

export function RunsDrawer({ job, onClose }: { job: ScheduleJobRow | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const runs = useJobRuns(job?.name ?? null, page.pageNo, page.pageSize);
  return (
    <Drawer open={job !== null} title={job ? `执行记录：${job.title}` : ''} size={900} onClose={onClose}>
      <Table<ScheduleRunRow>
        rowKey="id"
        size="small"
        loading={runs.isFetching}
        columns={columns}
        dataSource={runs.data?.list ?? []}
        locale={{ emptyText: '暂无执行记录' }}
        pagination={tablePagination(page, runs.data?.total ?? 0, (pageNo, pageSize) => setPage({ pageNo, pageSize }))}
      />
    </Drawer>
  );
}
