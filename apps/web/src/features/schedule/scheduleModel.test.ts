import type { ScheduleRunRow } from '@zb/contract/api/schedule';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/apiError';
import { cronPreviewOf, runTag, triggerText } from './scheduleModel';

const run = (over: Partial<ScheduleRunRow> = {}): ScheduleRunRow => ({
  id: 1,
  job: 'purgeSessions',
  trigger: 'cron',
  userName: null,
  instance: 'host:1:abc',
  startedAt: '2026-11-22 10:00:00',
  finishedAt: '2026-11-22 10:00:01',
  status: 'ok',
  message: '清理过期会话 3 条',
  ...over,
});

describe('the last-run tag', () => {
  it('says 未执行 for a job that never ran, and colours each status', () => {
    expect(runTag(null)).toEqual({ color: 'default', text: '未执行' });
    expect(runTag(run())).toEqual({ color: 'success', text: '成功' });
    expect(runTag(run({ status: 'failed' }))).toEqual({ color: 'error', text: '失败' });
    expect(runTag(run({ status: 'running' }))).toEqual({ color: 'processing', text: '执行中' });
  });

  it('names who ran a manual run', () => {
    expect(triggerText(run())).toBe('定时');
    expect(triggerText(run({ trigger: 'manual', userName: '张敏' }))).toBe('手动（张敏）');
  });
});

describe('the cron preview', () => {
  it('asks for an expression, waits, shows the times, or the server’s reason on the field', () => {
    expect(cronPreviewOf('  ', { isFetching: false })).toEqual({ kind: 'empty' });
    expect(cronPreviewOf('0 2 * * *', { isFetching: true })).toEqual({ kind: 'loading' });
    expect(cronPreviewOf('0 2 * * *', { isFetching: false, data: ['2026-11-23 02:00:00'] })).toEqual({
      kind: 'times',
      times: ['2026-11-23 02:00:00'],
    });
    const refused = new ApiError('PARAM-40001', 'Cron 表达式须为 5 段', 200, {
      fields: { cron: 'Cron 表达式须为 5 段：分 时 日 月 周，以空格分隔' },
    });
    expect(cronPreviewOf('0 2 * *', { isFetching: false, error: refused })).toEqual({
      kind: 'error',
      message: 'Cron 表达式须为 5 段：分 时 日 月 周，以空格分隔',
    });
  });
});
