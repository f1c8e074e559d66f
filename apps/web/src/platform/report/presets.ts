/**
 * A period filter's preset (本月, 近7天 …) as the two days it fills, from today on the server's
 * clock in Asia/Shanghai. Days are YYYY-MM-DD; the arithmetic is on calendar days (UTC dates), so
 * no time zone or summer time moves a day.
 */
import type { PeriodPreset } from '@zb/contract/report/define';
import { formatDate } from '@zb/contract/time';
import { serverNow } from '../serverTime';

export interface DayRange {
  from: string;
  to: string;
}

export const PRESET_LABELS: Readonly<Record<PeriodPreset, string>> = {
  today: '今天',
  yesterday: '昨天',
  last7Days: '近7天',
  last30Days: '近30天',
  thisMonth: '本月',
  lastMonth: '上月',
  thisYear: '今年',
};

const toDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
};

/** The days a preset covers, ending today (lastMonth: the whole month before this one). */
export const presetRange = (preset: PeriodPreset, today: string): DayRange => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const first = toDay(new Date(Date.UTC(y, m - 2, 1)));
      return { from: first, to: addDays(`${today.slice(0, 7)}-01`, -1) };
    }
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
  }
};

/** Today in Asia/Shanghai on the server's clock. */
export const todayOnServer = (): string => formatDate(new Date(serverNow()));
