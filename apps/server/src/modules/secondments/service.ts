/**
 * 产品借调 (contract entities/secondment.ts): POST /open/v1/stockSecondments from the sending
 * store's POS. One transaction writes the transfer, its lines as the lender's claim reads them,
 * and the stock movements out of the sender and into the other store (moveStock, which refuses
 * with STOCK-40901 when the sender lacks the goods). A return is refused when it gives back more
 * of a product than the sender still owes the other store: moveStock has locked the sender's
 * stock rows of those products first, so two returns of the same goods are counted one after
 * the other. The same outerNo again answers the first transfer and moves nothing.
 */

import {
  type OpenSecondmentAnswer,
  type OpenSecondmentBody,
  type SecondmentKind,
  secondmentNoOf,
} from '@zb/contract/entities/secondment';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { product } from '../goods/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { moveStock } from '../stock/service';
import { store } from '../stores/schema';
import { stockSecondment, stockSecondmentLine } from './schema';

type SecondmentRow = typeof stockSecondment.$inferSelect;

const invalid = (message: string) => new BizError(ERR.OPEN_DOCUMENT_INVALID, message);

/** What each borrower owes each lender of these products, in pieces. */
const owedOf = async (db: Db | Tx, lenderId: number, borrowerId: number, productIds: readonly number[]) => {
  const rows = await db
    .select({
      productId: stockSecondmentLine.productId,
      owed: sql<number>`(sum(${stockSecondmentLine.lentQty}) - sum(${stockSecondmentLine.returnedQty}))::int`,
    })
    .from(stockSecondmentLine)
    .where(
      and(
        eq(stockSecondmentLine.lenderStoreId, lenderId),
        eq(stockSecondmentLine.borrowerStoreId, borrowerId),
        inArray(stockSecondmentLine.productId, [...productIds]),
      ),
    )
    .groupBy(stockSecondmentLine.productId);
  return new Map(rows.map((r) => [r.productId, r.owed]));
};

const answerOf = async (db: Db | Tx, s: SecondmentRow, replayed: boolean): Promise<OpenSecondmentAnswer> => {
  const stores = await db
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(inArray(store.id, [s.fromStoreId, s.toStoreId]));
  const codeOf = (id: number) => stores.find((x) => x.id === id)?.code ?? '';
  const lines = await db
    .select({ productId: stockSecondmentLine.productId, code: product.code })
    .from(stockSecondmentLine)
    .innerJoin(product, eq(product.id, stockSecondmentLine.productId))
    .where(eq(stockSecondmentLine.secondmentId, s.id))
    .orderBy(stockSecondmentLine.id);
  const [lender, borrower] = s.kind === 'lend' ? [s.fromStoreId, s.toStoreId] : [s.toStoreId, s.fromStoreId];
  const owed = await owedOf(
    db,
    lender,
    borrower,
    lines.map((l) => l.productId),
  );
  return {
    secondmentNo: secondmentNoOf(s.id),
    outerNo: s.outerNo,
    kind: s.kind as SecondmentKind,
    fromStoreCode: codeOf(s.fromStoreId),
    toStoreCode: codeOf(s.toStoreId),
    owed: lines.map((l) => ({ productCode: l.code, quantity: owed.get(l.productId) ?? 0 })),
    replayed,
  };
};

const bySender = (db: Db | Tx, clientId: number, outerNo: string) =>
  db
    .select()
    .from(stockSecondment)
    .where(and(eq(stockSecondment.clientId, clientId), eq(stockSecondment.outerNo, outerNo)));

/** Records one transfer in the caller's transaction; null when the sender's number was taken meanwhile. */
export const recordSecondment = async (
  tx: Tx,
  caller: Pick<OpenCaller, 'storeId'> & { clientId: number | null },
  body: OpenSecondmentBody,
): Promise<SecondmentRow | null> => {
  if (caller.storeId === null) throw new BizError(ERR.OPEN_STORE_NOT_BOUND);
  const fromId = caller.storeId;
  const [to] = await tx.select({ id: store.id }).from(store).where(eq(store.code, body.toStoreCode));
  if (!to) throw invalid(`门店编码 ${body.toStoreCode} 不存在`);
  if (to.id === fromId) throw invalid('对方门店不能是本店');
  const codes = body.lines.map((l) => l.productCode);
  const goods = await tx
    .select({ id: product.id, code: product.code, name: product.name, unit: product.unit })
    .from(product)
    .where(inArray(product.code, codes));
  const byCode = new Map(goods.map((g) => [g.code, g]));
  const missing = codes.find((c) => !byCode.has(c));
  if (missing) throw invalid(`商品编码 ${missing} 不存在`);

  const at = new Date(body.at);
  const [row] = await tx
    .insert(stockSecondment)
    .values({
      kind: body.kind,
      fromStoreId: fromId,
      toStoreId: to.id,
      clientId: caller.clientId,
      outerNo: body.outerNo,
      at,
      remark: body.remark ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;

  const lines = body.lines.map((l) => ({ ...l, p: byCode.get(l.productCode)! }));
  // Out of the sender (secondOut) and into the other store (secondIn), the lower store id first:
  // two transfers between the same stores in opposite directions lock their rows in one order.
  const ref = { refType: 'stock_secondment', refId: row.id, userId: null, note: secondmentNoOf(row.id) };
  const out = () =>
    moveStock(
      tx,
      lines.map((l) => ({ storeId: fromId, productId: l.p.id, pieces: -l.quantity })),
      { ...ref, kind: 'secondOut' },
    ).catch((e: unknown) => {
      if (e instanceof BizError && e.errcode === ERR.STOCK_SHORT) {
        throw new BizError(
          ERR.STOCK_SHORT,
          `本店库存不足，无法${body.kind === 'lend' ? '借出' : '归还'}：${e.message}`,
        );
      }
      throw e;
    });
  const into = () =>
    moveStock(
      tx,
      lines.map((l) => ({ storeId: to.id, productId: l.p.id, pieces: l.quantity })),
      { ...ref, kind: 'secondIn' },
    );
  if (fromId < to.id) {
    await out();
    await into();
  } else {
    await into();
    await out();
  }
  const [lender, borrower] = body.kind === 'lend' ? [fromId, to.id] : [to.id, fromId];
  if (body.kind === 'return') {
    const owed = await owedOf(
      tx,
      lender,
      borrower,
      lines.map((l) => l.p.id),
    );
    for (const l of lines) {
      const left = owed.get(l.p.id) ?? 0;
      if (l.quantity > left) {
        throw invalid(`${l.p.name} 未归还 ${left}${l.p.unit}，不能归还 ${l.quantity}${l.p.unit}`);
      }
    }
  }
  await tx.insert(stockSecondmentLine).values(
    lines.map((l) => ({
      secondmentId: row.id,
      lenderStoreId: lender,
      borrowerStoreId: borrower,
      productId: l.p.id,
      lentQty: body.kind === 'lend' ? l.quantity : 0,
      returnedQty: body.kind === 'return' ? l.quantity : 0,
      at,
    })),
  );
  return row;
};

/** POST /open/v1/stockSecondments. */
export const openSecondment = async (
  db: Db,
  caller: OpenCaller,
  body: OpenSecondmentBody,
): Promise<OpenSecondmentAnswer> => {
  const [seen] = await bySender(db, caller.clientId, body.outerNo);
  if (seen) return answerOf(db, seen, true);
  if (caller.storeId !== null) assertStoreAllowed(caller, caller.storeId);
  return db.transaction(async (tx) => {
    const row = await recordSecondment(tx, caller, body);
    if (!row) {
      const [first] = await bySender(tx, caller.clientId, body.outerNo);
      return answerOf(tx, first!, true);
    }
    return answerOf(tx, row, false);
  });
};
