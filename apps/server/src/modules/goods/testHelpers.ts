/** Calls and lookups the goods API tests share. */
import type { Endpoint } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import type { CallResult, TestClient } from '../../testing/testClient';
import { masterItem } from '../master/schema';

export const okData = <R>(res: CallResult<R>): R => {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

export const refused = (res: CallResult<unknown>, errcode: string, message?: RegExp) => {
  expect(res.body.errcode, res.raw).toBe(errcode);
  if (message) expect(res.body.errmsg).toMatch(message);
};

/** The field errors of a PARAM-40001 answer. */
export const fieldErrors = (res: CallResult<unknown>): Record<string, string> => {
  expect(res.body.errcode, res.raw).toBe(ERR.PARAM_INVALID);
  return (res.body.data as { fields: Record<string, string> }).fields;
};

/** The id of a seeded lookup item by category and name. */
export const itemId = async (db: Db, category: string, name: string): Promise<number> => {
  const [row] = await db
    .select({ id: masterItem.id })
    .from(masterItem)
    .where(and(eq(masterItem.category, category), eq(masterItem.name, name)));
  if (!row) throw new Error(`no ${category} ${name}`);
  return row.id;
};

export const createIn = async (
  c: TestClient,
  e: Endpoint<undefined, Record<string, unknown>, { id: number }> | undefined,
  body: Record<string, unknown>,
): Promise<number> => okData(await c.call(e!, { body })).id;
