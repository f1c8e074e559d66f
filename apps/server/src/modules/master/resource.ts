/**
 * /basicProps on the resource engine. Its real rules: an item of a sub-type category hangs under
 * an item of its parent category (and only those do); items are switched off, not lost, with the
 * batch actions; codes are unique within a category; a label that projects carry is not deleted.
 */
import { MASTER_CATEGORIES, type MasterCategory } from '@zb/contract/api/master';
import { STORE_LEVEL_CATEGORY } from '@zb/contract/entities/billConfig';
import { MASTER_ITEM, parentCategoryOf } from '@zb/contract/entities/masterItem';
import { LABEL_CATEGORY } from '@zb/contract/entities/projectLabel';
import { ERR } from '@zb/contract/errcodes';
import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { refuseLabelInUse } from './labels';
import { masterItem } from './schema';
import { setItemsEnabled } from './service';
import { refuseStoreLevelInUse } from './storeLevels';

const parent = alias(masterItem, 'parent');

/** The parent an item of `category` must have, checked against the table. */
const checkParent = async (ctx: WriteContext, category: string, parentId: unknown): Promise<void> => {
  const parentCategory = parentCategoryOf(category);
  if (!parentCategory) {
    if (parentId !== null && parentId !== undefined) {
      throw fieldError('parentId', `${MASTER_CATEGORIES[category as MasterCategory]}没有上级项目`);
    }
    return;
  }
  const label = MASTER_CATEGORIES[parentCategory];
  if (typeof parentId !== 'number') throw fieldError('parentId', `请选择上级项目（${label}）`);
  const [row] = await ctx.tx
    .select({ id: masterItem.id })
    .from(masterItem)
    .where(and(eq(masterItem.id, parentId), eq(masterItem.category, parentCategory)));
  if (!row) throw fieldError('parentId', `上级项目须为一个${label}`);
};

export const masterItemBinding = bindResource({
  decl: MASTER_ITEM,
  table: masterItem,
  id: masterItem.id,
  columns: { parentName: parent.name },
  joins: [{ table: parent, on: eq(parent.id, masterItem.parentId) }],
  uniques: { master_item_category_code_uq: 'code' },
  service: {
    create: async (ctx, values) => {
      await checkParent(ctx, String(values.category), values.parentId);
      const [row] = await ctx.tx.insert(masterItem).values(values).returning({ id: masterItem.id });
      return row!.id;
    },
    // The parent key cascades in the table (reference data is replaced whole at seed time), so an
    // administrator's delete must refuse an item that still has sub-items instead.
    remove: async (ctx, id, before) => {
      // A label is also a /projectLabelSetList row: the projects carrying it keep it from going.
      if (before.category === LABEL_CATEGORY) await refuseLabelInUse(ctx.tx, id, String(before.name));
      // A store level that stores, cards or cross-level rules use stays (as on /storeLevel).
      if (before.category === STORE_LEVEL_CATEGORY) await refuseStoreLevelInUse(ctx.tx, [id], '删除');
      const [row] = await ctx.tx.select({ n: count() }).from(masterItem).where(eq(masterItem.parentId, id));
      if (row && row.n > 0) throw new BizError(ERR.RECORD_IN_USE, `该项目下还有 ${row.n} 个子项目，不能删除`);
      await ctx.tx.delete(masterItem).where(eq(masterItem.id, id));
    },
    batch: { enable: setItemsEnabled(true), disable: setItemsEnabled(false) },
  },
});
