import { type AnyResource, fieldsOf } from '@zb/contract/resource/define';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { masterItem } from '../../modules/master/schema';
import { fieldError } from '../errors';
import type { Values } from './binding';

const idOf = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Every id of a list lookup (labels, store levels) must be an item of its category. */
const checkListLookups = async (tx: Tx, decl: AnyResource, values: Values): Promise<void> => {
  const lists = fieldsOf(decl).filter(
    ([k, f]) => f.type === 'lookups' && !f.readOnly && Array.isArray(values[k]) && (values[k] as unknown[]).length > 0,
  );
  if (lists.length === 0) return;
  // Kept: a lookups field's value, checked by its schema (ids), is read by key from Values.
  const ids = [...new Set(lists.flatMap(([k]) => values[k] as number[]))];
  const items = await tx
    .select({ id: masterItem.id, category: masterItem.category })
    .from(masterItem)
    .where(inArray(masterItem.id, ids));
  const categoryOf = new Map(items.map((i) => [i.id, i.category]));
  for (const [key, f] of lists) {
    if ((values[key] as number[]).some((id) => categoryOf.get(id) !== f.lookup)) {
      throw fieldError(key, `请选择有效的${f.label}`);
    }
  }
};

/** Throws a field error for the first wrong lookup; `before` is the row an update starts from. */
export const checkLookups = async (tx: Tx, decl: AnyResource, values: Values, before?: Values): Promise<void> => {
  await checkListLookups(tx, decl, values);
  const lookups = fieldsOf(decl).filter(([, f]) => f.type === 'lookup' && !f.readOnly);
  const touched = lookups.filter(
    ([k, f]) => values[k] !== undefined || (f.lookupParent !== undefined && values[f.lookupParent] !== undefined),
  );
  if (touched.length === 0) return;
  const merged: Values = { ...before, ...values };
  const ids = [
    ...new Set(touched.flatMap(([k, f]) => [idOf(merged[k]), f.lookupParent ? idOf(merged[f.lookupParent]) : null])),
  ].filter((id): id is number => id !== null);
  const items = ids.length
    ? await tx
        .select({ id: masterItem.id, category: masterItem.category, parentId: masterItem.parentId })
        .from(masterItem)
        .where(inArray(masterItem.id, ids))
    : [];
  const byId = new Map(items.map((i) => [i.id, i]));
  const fail = (field: string, msg: string) => {
    throw fieldError(field, msg);
  };
  for (const [key, f] of touched) {
    const id = idOf(merged[key]);
    if (id === null) continue;
    const item = byId.get(id);
    if (!item || item.category !== f.lookup) fail(key, `请选择有效的${f.label}`);
    if (f.lookupParent) {
      const parentLabel = decl.fields[f.lookupParent]?.label ?? '';
      const parentId = idOf(merged[f.lookupParent]);
      if (parentId === null) fail(key, `请先选择${parentLabel}`);
      if (item?.parentId !== parentId) fail(key, `${f.label}不属于所选${parentLabel}`);
    }
  }
};
