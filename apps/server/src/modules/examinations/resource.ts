/**
 * /detetionConfig on the resource engine. Its real rule: an item's scale is ordered — the normal
 * range's low below its high, 0 < 轻度阈值 < 中度阈值 (contract scaleProblem; the table CHECKs it
 * too) — on create and on an update that changes any part of it. A deleted item leaves the reports
 * that measured it as they were (each value keeps the item's name, unit and scale).
 */
import { EXAM_ITEM, type ExamScale, scaleProblem } from '@zb/contract/entities/examination';
import { and, inArray, ne } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { examItem } from './schema';

const checkScale = (s: Partial<ExamScale>): void => {
  const p = scaleProblem(s);
  if (p) throw fieldError(p.field, p.message);
};

const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

const setEnabled = (enabled: boolean) => async (ctx: WriteContext, ids: readonly number[]) => {
  const rows = await ctx.tx
    .update(examItem)
    .set({ enabled })
    .where(and(inArray(examItem.id, [...ids]), ne(examItem.enabled, enabled)))
    .returning({ id: examItem.id });
  return rows.length;
};

export const examItemBinding = bindResource({
  decl: EXAM_ITEM,
  table: examItem,
  id: examItem.id,
  uniques: { exam_item_code_uq: 'code' },
  service: {
    create: async (ctx, values) => {
      checkScale(values);
      const [row] = await ctx.tx.insert(examItem).values(values).returning({ id: examItem.id });
      return row!.id;
    },
    update: async (ctx, id, values, before) => {
      checkScale({
        low: num(values.low, before.low),
        high: num(values.high, before.high),
        mildLimit: num(values.mildLimit, before.mildLimit),
        moderateLimit: num(values.moderateLimit, before.moderateLimit),
      });
      await ctx.tx
        .update(examItem)
        .set(values)
        .where(inArray(examItem.id, [id]));
    },
    batch: { enable: setEnabled(true), disable: setEnabled(false) },
  },
});
