/** A record id in a path, query or body: a positive integer that fits the database's int4. */
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;

/** `what` names the record in the message (岗位编号无效); `missing` is said when there is none at all. */
export const idOf = (what: string, missing = `${what}编号无效`) =>
  z.coerce
    .number({ error: missing })
    .int(`${what}编号无效`)
    .positive(`${what}编号无效`)
    .max(INT4_MAX, `${what}编号无效`);
