/** The /schedule page's decisions, without React or antd: tags, permissions, the cron preview's state. */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { SCHEDULE_RUN_STATUS, SCHEDULE_TRIGGER, type ScheduleRunRow } from '@zb/contract/api/schedule';
import { isApiError } from '../../platform/apiError';

export const SCHEDULE_EDIT = buttonCodeOf('/schedule', 'edit');
export const SCHEDULE_ENABLE = buttonCodeOf('/schedule', 'enable');

const COLORS: Record<ScheduleRunRow['status'], string> = { running: 'processing', ok: 'success', failed: 'error' };

/** The 最近执行 tag of a run, or 未执行 when the job never ran. */
export const runTag = (run: ScheduleRunRow | null): { color: string; text: string } =>
  run ? { color: COLORS[run.status], text: SCHEDULE_RUN_STATUS[run.status] } : { color: 'default', text: '未执行' };

/** '手动（张敏）' or '定时'. */
export const triggerText = (run: Pick<ScheduleRunRow, 'trigger' | 'userName'>): string =>
  run.trigger === 'manual' && run.userName
    ? `${SCHEDULE_TRIGGER.manual}（${run.userName}）`
    : SCHEDULE_TRIGGER[run.trigger];

/** The server's message for one field of a refused call (PARAM-40001 data.fields), else its errmsg. */
export const fieldErrorOf = (error: unknown, field: string): string | null => {
  if (!isApiError(error)) return null;
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  return fields?.[field] ?? error.errmsg;
};

export type CronPreview =
  | { kind: 'empty' }
  | { kind: 'loading' }
  | { kind: 'times'; times: string[] }
  | { kind: 'error'; message: string };

/** What the preview under the cron input shows for the state of its query. */
export const cronPreviewOf = (
  cron: string,
  q: { isFetching: boolean; data?: string[] | undefined; error?: unknown },
): CronPreview => {
  if (!cron.trim()) return { kind: 'empty' };
  if (q.error) return { kind: 'error', message: fieldErrorOf(q.error, 'cron') ?? 'Cron 表达式无效' };
  if (q.data) return { kind: 'times', times: q.data };
  return { kind: 'loading' };
};
