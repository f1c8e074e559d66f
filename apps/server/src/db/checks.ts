/**
 * A CHECK constraint listing the values a text column may hold, taken from the contract's list
 * of the same values (an enum field's options), so the migration drizzle-kit writes says what the
 * contract says. platform/resource/tables.test.ts reads every such constraint back from the
 * database and compares it with the declarations.
 */
import { AREA_CODES } from '@zb/contract/phone';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check } from 'drizzle-orm/pg-core';

const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;

export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);

/** The area codes a phone may have (contract phone.ts): staff, members, 会员领用 records. */
export const AREA_CODE_VALUES = AREA_CODES.map((a) => a.areaCode);
