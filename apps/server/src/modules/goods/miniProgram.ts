/**
 * Mini-program goods (/XCXConfig) on the resource engine: the products, projects and cards the
 * mini-program shows, by tab, category and order. Goods off sale cannot be shown (a field error on
 * the goods; the item may be kept hidden), and a goods shows once per tab.
 */

import { goodsKindLabel } from '@zb/contract/entities/goodsRef';
import { MINI_PROGRAM_ITEM, MINI_PROGRAM_TABS } from '@zb/contract/entities/miniProgram';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { mergedRef, refColumns, refJoins, resolveRef } from './goodsRef';
import { miniProgramItem as mpi } from './schema';

const tabLabel = (tab: unknown) => MINI_PROGRAM_TABS.find((t) => t.value === tab)?.label ?? String(tab);

/**
 * The id columns of the row as written; refuses showing goods off sale and a goods already shown
 * in the tab. Checked on every write, so switching an item back to 展示 checks the goods again.
 */
const settle = async (tx: Tx, values: Values, before?: Values & { id: number }): Promise<Values> => {
  const merged = { ...before, ...values };
  const { kind, id } = mergedRef(values, before);
  const { ids, goods } = await resolveRef(tx, kind, id, { withProducts: true });
  if (merged.visible !== false && goods.status !== 'on') {
    throw fieldError('goodsId', `${goodsKindLabel(kind)}「${goods.name}」已停售，不能在小程序展示`);
  }
  const column = kind === 'product' ? mpi.productId : kind === 'project' ? mpi.projectId : mpi.cardId;
  const [taken] = await tx
    .select({ id: mpi.id })
    .from(mpi)
    .where(
      and(eq(mpi.tab, merged.tab as string), eq(column, goods.id), before ? ne(mpi.id, before.id) : undefined) as SQL,
    );
  if (taken) {
    const msg = `「${goods.name}」已在${tabLabel(merged.tab)}展示`;
    throw new BizError(ERR.RECORD_DUPLICATE, msg, { fields: { goodsId: msg } });
  }
  return { goodsKind: kind, ...ids };
};

const without = (values: Values): Values => {
  const { goodsId: _, ...rest } = values;
  return rest;
};

export const miniProgramBinding = bindResource({
  decl: MINI_PROGRAM_ITEM,
  table: mpi,
  id: mpi.id,
  joins: refJoins(mpi),
  columns: refColumns(mpi),
  uniques: {
    mini_program_item_product_uq: 'goodsId',
    mini_program_item_project_uq: 'goodsId',
    mini_program_item_card_uq: 'goodsId',
  },
  service: {
    create: async ({ tx }, values) => {
      const [row] = await tx
        .insert(mpi)
        // Kept: the local without and settle answer Values (untyped), not the declaration's.
        .values({ ...without(values), ...(await settle(tx, values)) } as typeof mpi.$inferInsert)
        .returning({ id: mpi.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const row = { ...without(values), ...(await settle(tx, values, before)) };
      await tx.update(mpi).set(row).where(eq(mpi.id, id));
    },
  },
});
