/**
 * Product barcodes (/barCodeDatabase): the GS1 family a chain's goods carry — EAN-8, UPC-A (12),
 * EAN-13 and the 14-digit box code (ITF-14 / GTIN-14) — all ending in the same mod-10 check
 * digit. The rule is written once here: the form, the server and the Excel import use it.
 */
import { z } from 'zod';

/** Digits a barcode may have: EAN-8, UPC-A, EAN-13, GTIN-14 (box). */
export const BARCODE_LENGTHS: readonly number[] = [8, 12, 13, 14];

export const BARCODE_MSG = {
  required: '请输入条码',
  digits: '条码只能包含数字',
  length: '条码须为 8 位（EAN-8）、12 位（UPC）、13 位（EAN-13）或 14 位（箱码）',
  checkDigit: '条码校验位不正确，请核对条码',
} as const;

/** The check digit of a barcode's other digits: weights 3, 1, 3, 1 … from the right, mod 10. */
export const gtinCheckDigit = (body: string): number => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
};

/** What is wrong with a barcode, in Chinese, or null when it is a valid one. */
export const barcodeProblem = (code: string): string | null => {
  if (!code) return BARCODE_MSG.required;
  if (!/^\d+$/.test(code)) return BARCODE_MSG.digits;
  if (!BARCODE_LENGTHS.includes(code.length)) return BARCODE_MSG.length;
  if (Number(code[code.length - 1]) !== gtinCheckDigit(code.slice(0, -1))) return BARCODE_MSG.checkDigit;
  return null;
};

/** A barcode as typed in a form or a cell (spaces trimmed), checked with barcodeProblem. */
export const barcodeSchema = z
  .string({ error: BARCODE_MSG.required })
  .trim()
  .superRefine((v, ctx) => {
    const problem = barcodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Completes a barcode body (all digits but the last) with its check digit. */
export const withCheckDigit = (body: string): string => `${body}${gtinCheckDigit(body)}`;
