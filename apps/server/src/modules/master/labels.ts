/**
 * Project labels (/projectLabelSetList): a second binding over master_item, limited to category
 * `label`, so a label is one row whether /basicProps or this page edits it. Rules: a new label goes
 * last unless given a place; a label that projects carry cannot be deleted (here or in
 * /basicProps), only disabled; 上移/下移 renumber the order. 设置标签 (labels on projects) writes
 * the projects, so it lives with them in modules/goods/labels.ts.
 */
import { LABEL_CATEGORY, PROJECT_LABEL } from '@zb/contract/entities/projectLabel';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { project } from '../goods/schema';
import { masterItem } from './schema';
import { moveItem, orderedItemWrites, setItemsEnabled } from './service';

const isLabel = eq(masterItem.category, LABEL_CATEGORY);

/** How many projects carry the label. */
export const labelUseCount = async (tx: Tx, id: number): Promise<number> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(project)
    .where(sql`${project.labelIds} @> array[${id}]::int[]`);
  return Number(row?.n ?? 0);
};

/** Refuses to delete a label that projects carry. */
export const refuseLabelInUse = async (tx: Tx, id: number, name: string): Promise<void> => {
  const n = await labelUseCount(tx, id);
  if (n > 0) throw new BizError(ERR.GOODS_IN_USE, `标签「${name}」已用于 ${n} 个项目，不能删除；可以停用`);
};

export const labelBinding = bindResource({
  decl: PROJECT_LABEL,
  table: masterItem,
  id: masterItem.id,
  where: isLabel,
  columns: {
    projectCount: sql<number>`(select count(*)::int from project p where p.label_ids @> array["master_item"."id"])`,
  },
  uniques: { master_item_category_code_uq: 'code' },
  service: {
    ...orderedItemWrites(LABEL_CATEGORY),
    remove: async ({ tx }, id, before) => {
      await refuseLabelInUse(tx, id, String(before.name));
      await tx.delete(masterItem).where(eq(masterItem.id, id));
    },
    batch: { enable: setItemsEnabled(true, isLabel), disable: setItemsEnabled(false, isLabel) },
  },
});

/** Swaps a label with its neighbour; every label gets its place 1, 2, 3… */
export const moveLabel = (db: Db, auth: Auth, id: number, dir: 'up' | 'down'): Promise<{ count: number }> =>
  moveItem(db, auth, isLabel, id, dir, { what: '标签', missing: '该项目标签不存在或已被删除', prefix: 'projectLabel' });
