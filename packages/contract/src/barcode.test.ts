import { describe, expect, it } from 'vitest';
import { BARCODE_MSG, barcodeProblem, barcodeSchema, gtinCheckDigit, withCheckDigit } from './barcode';

describe('barcodes', () => {
  it('accepts real EAN-8, UPC-A, EAN-13 and GTIN-14 codes', () => {
    for (const code of ['73513537', '036000291452', '4006381333931', '6901234567892', '00012345600012']) {
      expect(barcodeProblem(code), code).toBeNull();
    }
  });

  it('computes the check digit with weights 3,1 from the right', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('7351353')).toBe(7);
    expect(withCheckDigit('690123456789')).toBe('6901234567892');
  });

  it('refuses a wrong check digit, a wrong length and non-digits, in Chinese', () => {
    expect(barcodeProblem('4006381333932')).toBe(BARCODE_MSG.checkDigit);
    expect(barcodeProblem('123456789')).toBe(BARCODE_MSG.length);
    expect(barcodeProblem('69012345678A2')).toBe(BARCODE_MSG.digits);
    expect(barcodeProblem('')).toBe(BARCODE_MSG.required);
  });

  it('the schema trims and answers the same messages', () => {
    expect(barcodeSchema.parse(' 4006381333931 ')).toBe('4006381333931');
    const r = barcodeSchema.safeParse('4006381333930');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(BARCODE_MSG.checkDigit);
  });
});
