/** Dates as the console shows them: Beijing time (UTC+8, no daylight saving), on server and browser alike. */

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

const shanghaiIso = (d: Date): string => new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString();

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time; an unreadable value is returned as it came. */
export const formatDateTime = (v: Date | string): string => {
  const d = asDate(v);
  return Number.isNaN(d.getTime()) ? String(v) : shanghaiIso(d).slice(0, 19).replace('T', ' ');
};

/** 'HH:mm' in Beijing time. */
export const formatClock = (v: Date | string): string => shanghaiIso(asDate(v)).slice(11, 16);

/** 'YYYY-MM-DD' (Beijing) of an instant. */
export const formatDate = (v: Date | string): string => shanghaiIso(asDate(v)).slice(0, 10);

/** The calendar day `n` days after a 'YYYY-MM-DD' (before, when n < 0). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Years a day of the console may fall in: enough for birthdays and contracts, and PostgreSQL's. */
const DAY_YEARS = { min: 1900, max: 2199 } as const;

/** A 'YYYY-MM-DD' naming a real day (2026-02-30 and 2026-13-01 do not), in 1900–2199. */
export const isCalendarDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < DAY_YEARS.min || year > DAY_YEARS.max) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The Beijing calendar day or month holding `at`, as instants: [start, end). */
export const shanghaiPeriod = (at: Date, unit: 'day' | 'month'): { start: Date; end: Date } => {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const [from, to] =
    unit === 'day' ? [Date.UTC(y, m, d), Date.UTC(y, m, d + 1)] : [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)];
  return { start: new Date(from - SHANGHAI_OFFSET_MS), end: new Date(to - SHANGHAI_OFFSET_MS) };
};
