/** /schedule calls and their TanStack Query keys. */
import { SCHEDULE_API } from '@zb/contract/api/schedule';
import { call } from '../../platform/http';

export const SCHEDULE_KEYS = {
  all: ['schedule'] as const,
  jobs: ['schedule', 'jobs'] as const,
  runs: (name: string, pageNo: number, pageSize: number) => ['schedule', 'runs', name, pageNo, pageSize] as const,
  preview: (cron: string) => ['schedule', 'preview', cron] as const,
};

export const listJobs = () => call(SCHEDULE_API.list);

export const listRuns = (name: string, pageNo: number, pageSize: number) =>
  call(SCHEDULE_API.runs, { query: { name, pageNo, pageSize } });

/** Quiet: the modal shows a bad expression under its input instead of an alert. */
export const previewCron = (cron: string) => call(SCHEDULE_API.preview, { query: { cron } }, { alert: false });

export const updateCron = (name: string, cron: string) => call(SCHEDULE_API.updateCron, { body: { name, cron } });

export const setJobEnabled = (name: string, enabled: boolean) =>
  call(SCHEDULE_API.setEnabled, { body: { name, enabled } });

export const runJobNow = (name: string) => call(SCHEDULE_API.runNow, { body: { name } });
