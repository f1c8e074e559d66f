/** Stores named by their codes in a setting (an offer's 指定门店). */
import { splitCodes } from '@zb/contract/entities/coupon';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { store } from './schema';

/**
 * The codes of a setting's 指定门店 as kept: upper case, comma separated, each a known store; null
 * for 全部门店. Refuses none or an unknown code as a field error on `field`.
 */
export const chosenStoreCodes = async (
  tx: Tx,
  scope: unknown,
  text: unknown,
  field = 'storeCodes',
): Promise<string | null> => {
  if (scope !== 'chosen') return null;
  const codes = splitCodes(typeof text === 'string' ? text : null);
  if (!codes.length) throw fieldError(field, '请填写适用的门店编码');
  const found = await tx.select({ code: store.code }).from(store).where(inArray(store.code, codes));
  const known = new Set(found.map((f) => f.code.toUpperCase()));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) throw fieldError(field, `门店编码不存在：${unknown.slice(0, 5).join('、')}`);
  return codes.join(',');
};
