import { formatDateTime } from '@zb/contract/time';
import { describe, expect, it } from 'vitest';
import { cronProblem, nextRun, nextRuns } from './cron';

describe('next run times, in Beijing time', () => {
  it('a daily 03:30 job runs next at 03:30 Beijing time (19:30 UTC the day before)', () => {
    const after = new Date('2026-03-01T10:00:00+08:00');
    expect(formatDateTime(nextRun('30 3 * * *', after))).toBe('2026-03-02 03:30:00');
    expect(nextRun('30 3 * * *', after).toISOString()).toBe('2026-03-01T19:30:00.000Z');
  });

  it('the next run is strictly after the given time', () => {
    const at = new Date('2026-03-01T10:30:00+08:00');
    expect(formatDateTime(nextRun('*/30 * * * *', at))).toBe('2026-03-01 11:00:00');
  });

  it('lists the next five runs in order', () => {
    const runs = nextRuns('0 9 * * 1', new Date('2026-03-01T00:00:00+08:00'), 5).map(formatDateTime);
    expect(runs).toEqual([
      '2026-03-02 09:00:00',
      '2026-03-09 09:00:00',
      '2026-03-16 09:00:00',
      '2026-03-23 09:00:00',
      '2026-03-30 09:00:00',
    ]);
  });

  it('refuses expressions that are not 5 valid fields, in Chinese', () => {
    expect(cronProblem('*/5 * * * *')).toBeNull();
    expect(cronProblem('* * * *')).toMatch(/5 段/);
    expect(cronProblem('0 0 * * * *')).toMatch(/5 段/);
    expect(cronProblem('61 * * * *')).toMatch(/^Cron 表达式无效/);
    expect(cronProblem('a b c d e')).toMatch(/^Cron 表达式无效/);
  });
});
