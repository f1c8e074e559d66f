/**
 * Open-platform commodity relations (/openCommodityRelation) on the resource engine: a platform's
 * goods id is related once (unique per platform); it stands for a project (with the sessions one
 * voucher gives) or a card (one card per voucher). `findOpenCommodity` is what the verification
 * of a platform voucher asks.
 */
import { OPEN_COMMODITY, type OpenPlatform } from '@zb/contract/entities/openCommodity';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bindResource, type Values } from '../../platform/resource/binding';
import { mergedRef, refColumns, refJoins, resolveRef, setEnabled, touchesRef } from './goodsRef';
import { openCommodityRelation as ocr } from './schema';

const without = (values: Values): Values => {
  const { goodsId: _, ...rest } = values;
  return rest;
};

/** A card voucher opens one card: its sessions are always 1. */
const settleSessions = (kind: unknown): Values => (kind === 'card' ? { sessionsPerVoucher: 1 } : {});

export const openCommodityBinding = bindResource({
  decl: OPEN_COMMODITY,
  table: ocr,
  id: ocr.id,
  joins: refJoins(ocr),
  columns: refColumns(ocr),
  uniques: { open_commodity_platform_goods_uq: 'platformGoodsId' },
  service: {
    create: async ({ tx }, values) => {
      const { kind, id } = mergedRef(values);
      const { ids } = await resolveRef(tx, kind, id);
      const [row] = await tx
        .insert(ocr)
        // Kept: the local without answers Values (untyped), not the declaration's.
        .values({ ...without(values), goodsKind: kind, ...ids, ...settleSessions(kind) } as typeof ocr.$inferInsert)
        .returning({ id: ocr.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const row: Values = without(values);
      const { kind, id: goodsId } = mergedRef(values, before);
      if (touchesRef(values)) Object.assign(row, { goodsKind: kind, ...(await resolveRef(tx, kind, goodsId)).ids });
      Object.assign(row, settleSessions(kind));
      if (Object.keys(row).length) await tx.update(ocr).set(row).where(eq(ocr.id, id));
    },
    batch: { enable: setEnabled(ocr, true), disable: setEnabled(ocr, false) },
  },
});

export interface OpenCommodity {
  id: number;
  kind: 'project' | 'card';
  /** The project's or the card's id. */
  goodsId: number;
  sessionsPerVoucher: number;
}

/** The enabled relation of a platform's goods, or null when it is not related (or switched off). */
export const findOpenCommodity = async (
  tx: Tx,
  platform: OpenPlatform,
  platformGoodsId: string,
): Promise<OpenCommodity | null> => {
  const [row] = await tx
    .select({
      id: ocr.id,
      kind: ocr.goodsKind,
      projectId: ocr.projectId,
      cardId: ocr.cardId,
      sessionsPerVoucher: ocr.sessionsPerVoucher,
    })
    .from(ocr)
    .where(and(eq(ocr.platform, platform), eq(ocr.platformGoodsId, platformGoodsId), eq(ocr.enabled, true)));
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind as OpenCommodity['kind'],
    goodsId: (row.projectId ?? row.cardId)!,
    sessionsPerVoucher: row.sessionsPerVoucher,
  };
};
