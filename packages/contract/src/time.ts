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
