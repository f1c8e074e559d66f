/**
 * The barcode database on the resource engine (/barCodeDatabase): a barcode (GS1 check digit,
 * contract barcode.ts) belongs to one existing product and stands for 1 to 9999 of its pieces.
 * The lookup answers the product of a scanned code for receiving and the mini-program.
 */
import { type BarcodeLookup, PRODUCT_BARCODE } from '@zb/contract/entities/barcode';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { product } from '../goods/schema';
import { productBarcode } from './schema';

const checkProduct = async (tx: Tx, productId: unknown): Promise<void> => {
  if (typeof productId !== 'number') return;
  const [row] = await tx.select({ id: product.id }).from(product).where(eq(product.id, productId));
  if (!row) throw fieldError('productId', '所选商品不存在或已被删除');
};

export const barcodeBinding = bindResource({
  decl: PRODUCT_BARCODE,
  table: productBarcode,
  id: productBarcode.id,
  columns: {
    productCode: product.code,
    productName: product.name,
    spec: product.spec,
    unit: product.unit,
    kind: sql<string>`case when ${productBarcode.pieces} = 1 then 'unit' else 'box' end`,
  },
  joins: [{ table: product, on: eq(product.id, productBarcode.productId), inner: true }],
  uniques: { product_barcode_barcode_uq: 'barcode' },
  service: {
    create: async ({ tx }, values) => {
      await checkProduct(tx, values.productId);
      const [row] = await tx.insert(productBarcode).values(values).returning({ id: productBarcode.id });
      return row!.id;
    },
    update: async ({ tx }, id, values) => {
      await checkProduct(tx, values.productId);
      if (Object.keys(values).length) await tx.update(productBarcode).set(values).where(eq(productBarcode.id, id));
    },
  },
});

export const lookupBarcode = async (db: Db, barcode: string): Promise<BarcodeLookup> => {
  const [row] = await db
    .select({
      barcode: productBarcode.barcode,
      pieces: productBarcode.pieces,
      productId: product.id,
      productCode: product.code,
      productName: product.name,
      spec: product.spec,
      unit: product.unit,
      status: product.status,
    })
    .from(productBarcode)
    .innerJoin(product, eq(product.id, productBarcode.productId))
    .where(eq(productBarcode.barcode, barcode));
  if (!row) throw new BizError(ERR.BARCODE_NOT_FOUND, `条码 ${barcode} 未登记，请先在商品条码库中登记`);
  return row;
};
