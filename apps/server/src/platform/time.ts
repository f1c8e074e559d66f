/** Dates as the console shows them: Beijing time (UTC+8, no daylight saving). */

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

const shanghaiIso = (d: Date): string => new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString();

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time. */
export const formatDateTime = (d: Date): string => shanghaiIso(d).slice(0, 19).replace('T', ' ');

/** 'HH:mm' in Beijing time. */
export const formatClock = (d: Date): string => shanghaiIso(d).slice(11, 16);
