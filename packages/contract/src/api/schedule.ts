/**
 * /schedule (定时任务): the server's scheduled jobs, their runs, and what an administrator may
 * change — the cron expression, enabled, and running a job now. Paths under /rest/schedule/.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export type ScheduleRunStatus = 'running' | 'ok' | 'failed';
export type ScheduleTrigger = 'cron' | 'manual';

export const SCHEDULE_RUN_STATUS: Record<ScheduleRunStatus, string> = {
  running: '执行中',
  ok: '成功',
  failed: '失败',
};

export const SCHEDULE_TRIGGER: Record<ScheduleTrigger, string> = {
  cron: '定时',
  manual: '手动',
};

/** How many next run times the cron preview answers. */
export const CRON_PREVIEW_COUNT = 5;

export interface ScheduleRunRow {
  id: number;
  job: string;
  trigger: ScheduleTrigger;
  /** Who ran it by hand; null for a cron run. */
  userName: string | null;
  instance: string;
  startedAt: string;
  finishedAt: string | null;
  status: ScheduleRunStatus;
  message: string;
}

export interface ScheduleJobRow {
  name: string;
  title: string;
  cron: string;
  defaultCron: string;
  enabled: boolean;
  /** 下次执行, 'YYYY-MM-DD HH:mm:ss' Beijing time; null while disabled. */
  nextRunAt: string | null;
  lastRun: ScheduleRunRow | null;
}

const jobName = z.string({ error: '请选择定时任务' }).trim().min(1, '请选择定时任务').max(64, '任务名称过长');

/** A 5-field cron expression (分 时 日 月 周); the server checks that it parses. */
export const cronField = z
  .string({ error: '请填写 Cron 表达式' })
  .trim()
  .min(1, '请填写 Cron 表达式')
  .max(100, 'Cron 表达式最多 100 个字符');

export const scheduleRunsQuery = pagingQuery.extend({ name: jobName });
export const cronPreviewQuery = z.object({ cron: cronField });
export const updateCronBody = z.object({ name: jobName, cron: cronField });
export const setEnabledBody = z.object({ name: jobName, enabled: z.boolean({ error: '请选择启用或停用' }) });
export const runNowBody = z.object({ name: jobName });

const READ = pageAccess('/schedule');
const EDIT = buttonAccess('/schedule', 'edit');
const ENABLE = buttonAccess('/schedule', 'enable');

export const SCHEDULE_API = {
  list: endpoint<undefined, undefined, ScheduleJobRow[]>({
    method: 'GET',
    path: '/rest/schedule/list',
    access: READ,
    summary: '定时任务列表',
  }),
  runs: endpoint<z.output<typeof scheduleRunsQuery>, undefined, Page<ScheduleRunRow>>({
    method: 'GET',
    path: '/rest/schedule/runs',
    access: READ,
    query: scheduleRunsQuery,
    summary: '定时任务执行记录',
  }),
  /** The next run times of an expression (Beijing time), or a field error when it does not parse. */
  preview: endpoint<z.output<typeof cronPreviewQuery>, undefined, string[]>({
    method: 'GET',
    path: '/rest/schedule/preview',
    access: READ,
    query: cronPreviewQuery,
    summary: 'Cron 表达式的下几次执行时间',
  }),
  updateCron: endpoint<undefined, z.output<typeof updateCronBody>, ScheduleJobRow>({
    method: 'POST',
    path: '/rest/schedule/updateCron',
    access: EDIT,
    body: updateCronBody,
    summary: '修改定时任务的 Cron 表达式',
  }),
  setEnabled: endpoint<undefined, z.output<typeof setEnabledBody>, ScheduleJobRow>({
    method: 'POST',
    path: '/rest/schedule/setEnabled',
    access: ENABLE,
    body: setEnabledBody,
    summary: '启用或停用定时任务',
  }),
  /** Runs the job at once and answers its run when it ends (ok or failed). */
  runNow: endpoint<undefined, z.output<typeof runNowBody>, ScheduleRunRow>({
    method: 'POST',
    path: '/rest/schedule/runNow',
    access: EDIT,
    body: runNowBody,
    summary: '立即执行定时任务',
  }),
} as const;
