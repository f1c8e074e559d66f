/** /barCodeDatabase: the check-digit rule on both sides, uniqueness, lookup, the all-or-nothing import, the template. */

import { BARCODE_MSG, withCheckDigit } from '@zb/contract/barcode';
import { BARCODE_API, type BarcodeImportErrors } from '@zb/contract/entities/barcode';
import { ERR } from '@zb/contract/errcodes';
import { resourceCode } from '@zb/contract/routeTable/define';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole, lastOperation } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { product } from '../goods/schema';
import { productBarcode } from './schema';
import { fieldErrors, okData, postFile, refused, signInHq, signInRegion, workbook, XLSX_TYPE } from './testHelpers';

let t: TestApp;
let zhang: TestClient;
let products: Map<string, number>;

const barcodeCount = async () => Number((await t.db.select({ n: count() }).from(productBarcode))[0]!.n);

const importFile = (c: TestClient, data: Buffer, name = '条码.xlsx') =>
  postFile(c, BARCODE_API.import, { name, type: XLSX_TYPE, data });

const HEADER = ['条码', '商品编码', '每箱数量'];

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  const rows = await t.db.select({ id: product.id, code: product.code }).from(product);
  products = new Map(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

describe('the list and the form', () => {
  it('lists the demo barcodes with their product, unit codes and box codes', async () => {
    const all = okData(await zhang.call(BARCODE_API.list, { query: { pageSize: 100 } }));
    expect(all.total).toBeGreaterThanOrEqual(30);
    const boxes = okData(await zhang.call(BARCODE_API.list, { query: { kind: 'box', pageSize: 100 } }));
    expect(boxes.total).toBeGreaterThan(0);
    for (const r of boxes.list) {
      expect(r.kind).toBe('box');
      expect(Number(r.pieces)).toBeGreaterThan(1);
      expect(String(r.barcode)).toHaveLength(14);
    }
    const p001 = okData(await zhang.call(BARCODE_API.list, { query: { productCode: 'P001' } }));
    expect(p001.list[0]).toMatchObject({ productName: '草本控油洗发露', unit: '瓶' });
  });

  it('refuses a wrong check digit with the contract message, and a duplicate on its field', async () => {
    const bad = await zhang.call(BARCODE_API.create!, {
      body: { barcode: '6901234567891', productId: products.get('P002'), pieces: 1 },
    });
    expect(fieldErrors(bad).barcode).toBe(BARCODE_MSG.checkDigit);

    const code = withCheckDigit('690999000001');
    const id = okData(
      await zhang.call(BARCODE_API.create!, { body: { barcode: code, productId: products.get('P002'), pieces: 1 } }),
    ).id;
    const row = okData(await zhang.call(BARCODE_API.detail, { params: { id } }));
    expect(row).toMatchObject({ barcode: code, pieces: 1, kind: 'unit', productCode: 'P002' });
    expect((await lastOperation(t.db, 'productBarcode.create'))?.target).toBe(`productBarcode:${id}`);

    const dup = await zhang.call(BARCODE_API.create!, {
      body: { barcode: code, productId: products.get('P003'), pieces: 1 },
    });
    refused(dup, ERR.RECORD_DUPLICATE);
    expect(fieldsOf(dup.body).barcode).toBe('条码已存在');

    const noProduct = await zhang.call(BARCODE_API.create!, {
      body: { barcode: withCheckDigit('690999000002'), productId: 999999, pieces: 1 },
    });
    expect(fieldErrors(noProduct).productId).toBe('所选商品不存在或已被删除');

    const tooMany = await zhang.call(BARCODE_API.update!, { body: { id, pieces: 10000 } });
    expect(fieldErrors(tooMany).pieces).toBe('每箱数量不能大于 9999');
    okData(await zhang.call(BARCODE_API.update!, { body: { id, pieces: 12 } }));
    expect(okData(await zhang.call(BARCODE_API.detail, { params: { id } })).kind).toBe('box');
  });
});

describe('lookup', () => {
  it('answers the product and the pieces of a registered code, BARCODE-40401 for an unknown one', async () => {
    const [box] = await t.db.select().from(productBarcode).where(eq(productBarcode.pieces, 12)).limit(1);
    const found = okData(await zhang.call(BARCODE_API.lookup, { query: { barcode: box!.barcode } }));
    expect(found).toMatchObject({ barcode: box!.barcode, pieces: 12, productId: box!.productId });
    expect(found.productName).toBeTruthy();

    refused(
      await zhang.call(BARCODE_API.lookup, { query: { barcode: withCheckDigit('000000000001') } }),
      ERR.BARCODE_NOT_FOUND,
      /未登记/,
    );
    const bad = await zhang.call(BARCODE_API.lookup, { query: { barcode: '12345' } });
    refused(bad, ERR.PARAM_INVALID, /条码须为/);
  });

  it('is open to a region user, who has the receiving pages', async () => {
    const li = await signInRegion(t);
    const [any] = await t.db.select().from(productBarcode).limit(1);
    expect(okData(await li.call(BARCODE_API.lookup, { query: { barcode: any!.barcode } })).productId).toBe(
      any!.productId,
    );
  });
});

describe('import', () => {
  it('writes every row of a good workbook in one go, counts identical rows as unchanged, and logs it', async () => {
    const [existing] = await t.db.select().from(productBarcode).where(eq(productBarcode.pieces, 1)).limit(1);
    const existingCode = (
      await t.db.select({ code: product.code }).from(product).where(eq(product.id, existing!.productId))
    )[0]!.code;
    const before = await barcodeCount();
    const data = await workbook([
      HEADER,
      [withCheckDigit('690888000001'), 'P004', 1],
      [withCheckDigit('1690888000001'), 'P004', 24],
      // A number cell, and the pieces left empty (1).
      [Number(withCheckDigit('690888000002')), 'P005', null],
      [existing!.barcode, existingCode, 1],
    ]);
    const answer = await importFile(zhang, data);
    expect(answer.body.errmsg).toBe('导入成功，新增 3 条条码');
    const res = okData(answer);
    expect(res).toEqual({ created: 3, unchanged: 1 });
    expect(await barcodeCount()).toBe(before + 3);
    const box = okData(await zhang.call(BARCODE_API.lookup, { query: { barcode: withCheckDigit('1690888000001') } }));
    expect(box).toMatchObject({ productCode: 'P004', pieces: 24 });
    expect(
      okData(await zhang.call(BARCODE_API.lookup, { query: { barcode: withCheckDigit('690888000002') } })).pieces,
    ).toBe(1);
    const log = await lastOperation(t.db, 'productBarcode.import');
    expect(log?.after).toMatchObject({ file: '条码.xlsx', created: 3, unchanged: 1 });
  });

  it('writes nothing when any row is wrong, and says which rows and why in Chinese', async () => {
    const before = await barcodeCount();
    const taken = withCheckDigit('690888000001'); // imported above for P004
    const data = await workbook([
      ['商品编码', '条码', '每箱数量'], // columns in another order
      ['P006', withCheckDigit('690777000001'), 1], // row 2: good
      ['P006', '6907770000029', 1], // row 3: wrong check digit
      ['NOPE', withCheckDigit('690777000003'), 1], // row 4: unknown product
      ['P007', withCheckDigit('690777000004'), 0], // row 5: pieces out of range
      ['P007', withCheckDigit('690777000001'), 1], // row 6: repeats row 2
      ['P008', taken, 1], // row 7: registered for another product
      ['', '', ''], // empty rows are skipped
      ['P008', '', 2], // row 9: no barcode
    ]);
    const res = await importFile(zhang, data);
    refused(res, ERR.BARCODE_IMPORT_INVALID, /共 6 行有误，未导入任何数据/);
    const { errors, total } = res.body.data as unknown as BarcodeImportErrors;
    expect(total).toBe(6);
    expect(errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7, 9]);
    const at = (row: number) => errors.find((e) => e.row === row)!.message;
    expect(at(3)).toBe(BARCODE_MSG.checkDigit);
    expect(at(4)).toBe('商品编码「NOPE」不存在');
    expect(at(5)).toBe('每箱数量须为 1 到 9999 的整数');
    expect(at(6)).toBe('条码与第 2 行重复');
    expect(at(7)).toMatch(/^条码已登记为商品「P004」（每箱 1），如需修改请在列表中编辑$/);
    expect(at(9)).toBe(BARCODE_MSG.required);
    expect(await barcodeCount()).toBe(before);
    refused(
      await zhang.call(BARCODE_API.lookup, { query: { barcode: withCheckDigit('690777000001') } }),
      ERR.BARCODE_NOT_FOUND,
    );
  });

  it('refuses a file that is not a workbook, one without the header, and an empty one', async () => {
    const notXlsx = await postFile(zhang, BARCODE_API.import, {
      name: '条码.csv',
      type: 'text/csv',
      data: Buffer.from('条码,商品编码\n6901234567892,P001\n'),
    });
    refused(notXlsx, ERR.BARCODE_IMPORT_INVALID, /只能导入 Excel 文件/);
    const noHeader = await importFile(
      zhang,
      await workbook([
        ['编码', '名称'],
        ['6901234567892', 'P001'],
      ]),
    );
    refused(noHeader, ERR.BARCODE_IMPORT_INVALID, /缺少「条码」、「商品编码」列/);
    refused(await importFile(zhang, await workbook([HEADER])), ERR.BARCODE_IMPORT_INVALID, /没有数据行/);
    const empty = await zhang.call(BARCODE_API.import, { body: {} });
    refused(empty, ERR.PARAM_INVALID, /multipart/);
    const nul = await importFile(
      zhang,
      await workbook([HEADER, [withCheckDigit('690666000009'), 'P001', 1]]),
      'a\u0000.xlsx',
    );
    refused(nul, ERR.PARAM_INVALID, /文件名不能包含空字符/);
  });

  it('needs the page’s 导入 button; the template comes with it', async () => {
    const userId = await createUser(t.db, { loginName: 'barcode_viewer', password: 'view1234' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'BARCODE_VIEW',
      name: '条码只读',
      contentName: '总部',
      codes: ['ZBHT-MDGL', resourceCode('ZBHT-MDGL', '/barCodeDatabase')],
    });
    const viewer = await t.signIn('barcode_viewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    expect(okData(await viewer.call(BARCODE_API.list, { query: {} })).total).toBeGreaterThan(0);
    const before = await barcodeCount();
    const res = await importFile(viewer, await workbook([HEADER, [withCheckDigit('690666000001'), 'P001', 1]]));
    expect(res.status).toBe(403);
    refused(res, ERR.FORBIDDEN);
    expect(await barcodeCount()).toBe(before);
    expect((await getBytes(t.app, viewer, BARCODE_API.template.path, {})).status).toBe(403);

    const file = await getBytes(t.app, zhang, BARCODE_API.template.path, {});
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('商品条码导入模板.xlsx'));
    const rows = await readSheet(file.bytes);
    expect(rows[0]).toEqual(HEADER);
  });
});
