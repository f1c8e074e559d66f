import { describe, expect, it } from 'vitest';
import { BARCODE_MSG } from '../barcode';
import { defineResource } from '../resource/define';
import { createSchema, updateSchema } from '../resource/schemas';
import { PRODUCT_BARCODE } from './barcode';
import { memberReceiveAuditBody } from './memberReceive';
import { paymentTerminalListQuery } from './posTerminal';
import { SWIFTPASS_MERCHANT } from './swiftpass';

describe('the store pages’ rules', () => {
  it('a write-only key left blank on an edit is not sent on (the stored one stays); one typed is checked', () => {
    const schema = updateSchema(SWIFTPASS_MERCHANT);
    const update = { parse: (v: unknown) => schema.parse(v) as Record<string, unknown>, safeParse: schema.safeParse };
    expect(update.parse({ id: 1, signKey: '' }).signKey).toBeUndefined();
    expect(update.parse({ id: 1, signKey: null }).signKey).toBeUndefined();
    const short = update.safeParse({ id: 1, signKey: 'abc' });
    expect(short.error?.issues[0]?.message).toBe('密钥至少 16 个字符');
    expect(update.parse({ id: 1, signKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }).signKey).toHaveLength(32);
  });

  it('only a create-only write-only field may be required', () => {
    expect(() =>
      defineResource({
        name: 'x',
        title: 'x',
        page: '/swiftpassStore',
        api: '/x',
        rowLabel: 'a',
        defaultSort: { field: 'a', dir: 'asc' },
        actions: {},
        fields: {
          a: { label: 'a', type: 'text', sort: true },
          k: { label: 'k', type: 'text', writeOnly: true, required: true },
        },
      }),
    ).toThrow(/write-only/);
  });

  it('a barcode in the form is checked with the GS1 check digit', () => {
    const create = createSchema(PRODUCT_BARCODE);
    expect(create.safeParse({ barcode: '4006381333932', productId: 1, pieces: 1 }).error?.issues[0]?.message).toBe(
      BARCODE_MSG.checkDigit,
    );
    expect(create.parse({ barcode: '4006381333931', productId: 1, pieces: 1 })).toMatchObject({ pieces: 1 });
  });

  it('驳回 needs a reason, 通过 does not', () => {
    expect(memberReceiveAuditBody.safeParse({ id: 1, pass: false }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: '请填写驳回原因',
    });
    expect(memberReceiveAuditBody.safeParse({ id: 1, pass: false, reason: '   ' }).success).toBe(false);
    expect(memberReceiveAuditBody.parse({ id: 1, pass: true })).toEqual({ id: 1, pass: true });
  });

  it('paymentTerminalList reads blank parameters as not given', () => {
    expect(paymentTerminalListQuery.parse({ storeId: '', status: '', sn: '' })).toEqual({});
    expect(paymentTerminalListQuery.parse({ storeId: '12', status: 'active' })).toEqual({
      storeId: 12,
      status: 'active',
    });
    expect(paymentTerminalListQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
