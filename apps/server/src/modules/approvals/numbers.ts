/** Approval numbers (spNo): SP + the Beijing day (yyyymmdd) + that day's 4-digit sequence. */

import { formatDateTime } from '@zb/contract/time';
import { desc, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approval } from './schema';

const SEQUENCE_DIGITS = 4;
/** Any fixed number: the advisory lock that serialises numbering across instances. */
const NUMBERING_LOCK = 7_203_001;

export const spNoPrefix = (now: Date): string => `SP${formatDateTime(now).slice(0, 10).replaceAll('-', '')}`;

/** The next free number of the day; call inside the transaction that inserts it. */
export const nextSpNo = async (tx: Db, now = new Date()): Promise<string> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
  const prefix = spNoPrefix(now);
  const [last] = await tx
    .select({ spNo: approval.spNo })
    .from(approval)
    .where(like(approval.spNo, `${prefix}%`))
    // Longest first, so the ten-thousandth of a day still follows the 9999th.
    .orderBy(desc(sql`length(${approval.spNo})`), desc(approval.spNo))
    .limit(1);
  const next = last ? Number(last.spNo.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(next).padStart(SEQUENCE_DIGITS, '0')}`;
};
