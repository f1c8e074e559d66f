/**
 * 产品借调 (issue 17, /ProductSecondmentReport): goods lent from one store to another, and given
 * back. A store's POS sends each transfer through the open API (POST /open/v1/stockSecondments):
 * the goods always leave the sending store — 借出 (lend) to the store that borrows them, or 归还
 * (return) to the store that lent them — as stock movements out of the sender and into the other
 * store, in one transaction. What a borrower still owes a lender of a product is what it
 * borrowed less what it gave back; a return of more than that is refused.
 */
import { z } from 'zod';
import { outerNoSchema, sentAtSchema } from './bill';

export const SECONDMENT_KINDS = [
  { value: 'lend', label: '借出' },
  { value: 'return', label: '归还' },
] as const;
export type SecondmentKind = (typeof SECONDMENT_KINDS)[number]['value'];

/** Lines of one transfer at most. */
export const SECONDMENT_LINES_MAX = 50;
/** Pieces of one line at most. */
export const SECONDMENT_QTY_MAX = 9999;

/** Our number of a transfer: SJ + its id, 8 digits. */
export const secondmentNoOf = (id: number): string => `SJ${String(id).padStart(8, '0')}`;

export const openSecondmentBody = z.object({
  outerNo: outerNoSchema,
  kind: z.enum(['lend', 'return'], { error: '借调类型须为 lend（借出）或 return（归还）' }),
  /** The other store: the borrower of a lend, the lender of a return. */
  toStoreCode: z.string({ error: '请填写对方门店编码' }).trim().min(1, '请填写对方门店编码').max(20),
  lines: z
    .array(
      z.object({
        productCode: z.string({ error: '请填写商品编码' }).trim().min(1, '请填写商品编码').max(40),
        /** Pieces, in the product's own unit (瓶, 盒 …). */
        quantity: z
          .number({ error: '数量须为正整数' })
          .int('数量须为正整数')
          .min(1, '数量须为正整数')
          .max(SECONDMENT_QTY_MAX, `数量不能大于 ${SECONDMENT_QTY_MAX}`),
      }),
      { error: '请填写借调商品' },
    )
    .min(1, '请填写借调商品')
    .max(SECONDMENT_LINES_MAX, `一次借调最多 ${SECONDMENT_LINES_MAX} 种商品`)
    .refine((ls) => new Set(ls.map((l) => l.productCode)).size === ls.length, '同一商品请合并为一行'),
  at: sentAtSchema,
  remark: z.string().trim().max(200).optional(),
});
export type OpenSecondmentBody = z.output<typeof openSecondmentBody>;

/** What POST /open/v1/stockSecondments answers (the same for a replay of the same outerNo). */
export interface OpenSecondmentAnswer {
  secondmentNo: string;
  outerNo: string;
  kind: SecondmentKind;
  fromStoreCode: string;
  toStoreCode: string;
  /** Per product: what the borrower still owes the lender after this transfer, in pieces. */
  owed: { productCode: string; quantity: number }[];
  replayed: boolean;
}
