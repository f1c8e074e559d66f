/**
 * Record ids and whole numbers as the API reads them, in one place.
 *
 * A JSON body carries numbers as JSON numbers: `true`, `"1"`, `{}` or `[1]` where an id or a
 * number belongs is a field error, never read as 1 (zod's coercion did: `"storeId": true` made an
 * order for store 1). A query string or a path carries text by nature: there the value must be
 * plain decimal digits (`12`; not `true`, `abc`, `1e3`, `1.5` or ` 1`) and fit its range, so
 * `99999999999999999999` is a field error, not a database overflow.
 */
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** Decimal digits, an optional minus sign; longer runs are left as text (and refused). */
const DECIMAL = /^-?\d{1,12}$/;

/**
 * Reads a query or path value: decimal text becomes its number; a number passes unchanged (an
 * export job reads its already-parsed query again); anything else stays as it is, to be refused.
 */
export const fromText = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);

/** An id in a JSON body. `what` names the record in the message (岗位编号无效); `missing` is said when there is none at all. */
export const idOf = (what: string, missing = `${what}编号无效`) =>
  z.number({ error: missing }).int(`${what}编号无效`).positive(`${what}编号无效`).max(INT4_MAX, `${what}编号无效`);

/** An id in a query string or a path: decimal digits of a positive int4. */
export const idParamOf = (what: string, missing = `${what}编号无效`) => z.preprocess(fromText, idOf(what, missing));

/** A whole number in a query string or a path, within [min, max] (int4 unless told). */
export const intParamOf = (
  label: string,
  { min = INT4_MIN, max = INT4_MAX }: { min?: number; max?: number } = {},
  messages: { min?: string; max?: string } = {},
) =>
  z.preprocess(
    fromText,
    z
      .number({ error: `${label}须为整数` })
      .int(`${label}须为整数`)
      .min(min, messages.min ?? `${label}不能小于 ${min}`)
      .max(max, messages.max ?? `${label}不能大于 ${max}`),
  );

/** An id picked from a list in a JSON body: one message (请选择商品) whether missing or wrong. */
export const chosenIdOf = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
