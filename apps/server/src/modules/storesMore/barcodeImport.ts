/**
 * The barcode import (/barCodeDatabase 导入): an .xlsx with the columns 条码 / 商品编码 / 每箱数量
 * (found by their titles in row 1, in any order), checked row by row — the barcode's check digit,
 * the product code, the pieces, duplicates in the file and in the database. All or nothing: one
 * wrong row and nothing is written, and the answer lists every wrong row in Chinese; otherwise
 * the new barcodes are written in one transaction with one operation-log row. A row already in
 * the database exactly so (same product, same pieces) is counted as unchanged.
 */
import type { MultipartFile } from '@fastify/multipart';
import { barcodeProblem } from '@zb/contract/barcode';
import {
  BARCODE_IMPORT_COLUMNS,
  BARCODE_IMPORT_ERRORS_SHOWN,
  BARCODE_IMPORT_MAX_KB,
  BARCODE_IMPORT_MAX_ROWS,
  BARCODE_PIECES_MAX,
  type BarcodeImportError,
  type BarcodeImportErrors,
  type BarcodeImportResult,
} from '@zb/contract/entities/barcode';
import { ERR } from '@zb/contract/errcodes';
import { textProblem } from '@zb/contract/rules';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { product } from '../goods/schema';
import { productBarcode } from './schema';

type ColumnKey = (typeof BARCODE_IMPORT_COLUMNS)[number]['key'];

/** One data row as read from the sheet (text, trimmed; '' for an empty cell). */
export interface SheetRow {
  row: number;
  barcode: string;
  productCode: string;
  pieces: string;
}

const invalid = (errors: BarcodeImportError[]): BizError => {
  const data: BarcodeImportErrors = { errors: errors.slice(0, BARCODE_IMPORT_ERRORS_SHOWN), total: errors.length };
  const first = errors[0]!;
  const msg =
    errors.length === 1 && first.row === 0
      ? `导入失败：${first.message}，未导入任何数据`
      : `导入失败：共 ${errors.length} 行有误，未导入任何数据`;
  return new BizError(ERR.BARCODE_IMPORT_INVALID, msg, data);
};

/** A whole-file problem (no sheet, no header): row 0 in the list. */
const fileProblem = (message: string): BizError => invalid([{ row: 0, message }]);

/** A cell's value as the text a person sees (numbers without exponent, formulas by their result). */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
  }
  return String(value).trim();
};

/** The first sheet of an .xlsx; `problem` makes the refusal of a file that is none (also 会员迁入's). */
export const firstSheet = async (data: Buffer, problem: (message: string) => BizError): Promise<ExcelJS.Worksheet> => {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw problem('文件无法读取，请使用下载的模板（.xlsx）填写后上传');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw problem('文件中没有工作表');
  return sheet;
};

/** The data rows of the first sheet, by the header titles of row 1. */
export const readSheetRows = async (data: Buffer): Promise<SheetRow[]> => {
  const sheet = await firstSheet(data, fileProblem);
  const header = sheet.getRow(1);
  const at = new Map<ColumnKey, number>();
  header.eachCell((cell, col) => {
    const title = cellText(cell.value);
    const def = BARCODE_IMPORT_COLUMNS.find((c) => c.title === title);
    if (def && !at.has(def.key)) at.set(def.key, col);
  });
  const missing = BARCODE_IMPORT_COLUMNS.filter((c) => c.key !== 'pieces' && !at.has(c.key)).map(
    (c) => `「${c.title}」`,
  );
  if (missing.length) throw fileProblem(`第 1 行缺少${missing.join('、')}列，请使用下载的模板`);
  const rows: SheetRow[] = [];
  const text = (r: ExcelJS.Row, key: ColumnKey) => {
    const col = at.get(key);
    return col ? cellText(r.getCell(col).value) : '';
  };
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const row = { row: n, barcode: text(r, 'barcode'), productCode: text(r, 'productCode'), pieces: text(r, 'pieces') };
    if (row.barcode || row.productCode || row.pieces) rows.push(row);
  });
  return rows;
};

export interface CheckedRow {
  row: number;
  barcode: string;
  productId: number;
  pieces: number;
}

/** Checks every row against the rules, each other and the database; all problems, row by row. */
export const checkRows = async (
  tx: Tx,
  rows: readonly SheetRow[],
): Promise<{ fresh: CheckedRow[]; unchanged: number }> => {
  if (rows.length === 0) throw fileProblem('文件中没有数据行');
  if (rows.length > BARCODE_IMPORT_MAX_ROWS) {
    throw fileProblem(`一次最多导入 ${BARCODE_IMPORT_MAX_ROWS} 行，文件中有 ${rows.length} 行`);
  }
  // A cell's text the database cannot hold is looked up as no product (商品编码不存在), never sent.
  const codes = [...new Set(rows.map((r) => r.productCode).filter((c) => c && !textProblem(c)))];
  const products = codes.length
    ? await tx.select({ id: product.id, code: product.code }).from(product).where(inArray(product.code, codes))
    : [];
  const productByCode = new Map(products.map((p) => [p.code, p.id]));
  const barcodes = [...new Set(rows.map((r) => r.barcode).filter(Boolean))];
  const existing = barcodes.length
    ? await tx
        .select({
          barcode: productBarcode.barcode,
          productId: productBarcode.productId,
          pieces: productBarcode.pieces,
          productCode: product.code,
        })
        .from(productBarcode)
        .innerJoin(product, eq(product.id, productBarcode.productId))
        .where(inArray(productBarcode.barcode, barcodes))
    : [];
  const existingByCode = new Map(existing.map((e) => [e.barcode, e]));

  const errors: BarcodeImportError[] = [];
  const firstRowOf = new Map<string, number>();
  const fresh: CheckedRow[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const problems: string[] = [];
    const barcodeIssue = barcodeProblem(r.barcode);
    if (barcodeIssue) problems.push(barcodeIssue);
    const productId = r.productCode ? productByCode.get(r.productCode) : undefined;
    if (!r.productCode) problems.push('请填写商品编码');
    else if (productId === undefined) problems.push(`商品编码「${r.productCode}」不存在`);
    let pieces = 1;
    if (r.pieces) {
      pieces = /^\d+$/.test(r.pieces) ? Number(r.pieces) : Number.NaN;
      if (!Number.isInteger(pieces) || pieces < 1 || pieces > BARCODE_PIECES_MAX) {
        problems.push(`每箱数量须为 1 到 ${BARCODE_PIECES_MAX} 的整数`);
      }
    }
    if (!barcodeIssue) {
      const earlier = firstRowOf.get(r.barcode);
      if (earlier !== undefined) problems.push(`条码与第 ${earlier} 行重复`);
      else firstRowOf.set(r.barcode, r.row);
      const old = existingByCode.get(r.barcode);
      if (old && earlier === undefined && productId !== undefined && problems.length === 0) {
        if (old.productId !== productId || old.pieces !== pieces) {
          problems.push(`条码已登记为商品「${old.productCode}」（每箱 ${old.pieces}），如需修改请在列表中编辑`);
        }
      }
    }
    if (problems.length) {
      errors.push({ row: r.row, message: problems.join('；') });
      continue;
    }
    if (existingByCode.has(r.barcode)) unchanged++;
    else fresh.push({ row: r.row, barcode: r.barcode, productId: productId!, pieces });
  }
  if (errors.length) throw invalid(errors);
  return { fresh, unchanged };
};

const codeOf = (err: unknown): string => (err && typeof err === 'object' && 'code' in err ? String(err.code) : '');

/** The single file of the multipart request (at most `maxKb`, BARCODE_IMPORT_MAX_KB by default). */
export const readUpload = async (
  req: FastifyRequest,
  maxKb = BARCODE_IMPORT_MAX_KB,
): Promise<{ name: string; data: Buffer }> => {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: maxKb * 1024, files: 1, fields: 5, parts: 10 } });
  } catch (err) {
    if (codeOf(err) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new BizError(ERR.PARAM_INVALID, '请以 multipart/form-data 方式上传文件');
    }
    throw new BizError(ERR.PARAM_INVALID, '上传内容无法解析，请重新选择文件');
  }
  if (!part) throw new BizError(ERR.PARAM_INVALID, '请选择要导入的文件');
  // The name goes into the operation log (jsonb): what no text may hold is refused, as in any field.
  const nameProblem = textProblem(part.filename);
  if (nameProblem) throw new BizError(ERR.PARAM_INVALID, `文件名${nameProblem}`);
  try {
    const data = await part.toBuffer();
    return { name: part.filename, data };
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BizError(ERR.PARAM_INVALID, `文件不能超过 ${maxKb / 1024}MB`);
    }
    throw new BizError(ERR.PARAM_INVALID, '上传中断，请重新上传');
  }
};

/** An .xlsx is a zip: its first bytes say so whatever the file is called. */
const isZip = (data: Buffer): boolean => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b;

const INSERT_CHUNK = 1000;

export const importBarcodes = async (db: Db, auth: Auth, req: FastifyRequest): Promise<BarcodeImportResult> => {
  const { name, data } = await readUpload(req);
  if (data.length === 0) throw new BizError(ERR.PARAM_INVALID, '上传的文件是空的');
  if (!isZip(data)) throw fileProblem('只能导入 Excel 文件（.xlsx），请使用下载的模板');
  const rows = await readSheetRows(data);
  try {
    return await db.transaction(async (tx) => {
      const { fresh, unchanged } = await checkRows(tx, rows);
      for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
        await tx
          .insert(productBarcode)
          .values(
            fresh
              .slice(i, i + INSERT_CHUNK)
              .map((r) => ({ barcode: r.barcode, productId: r.productId, pieces: r.pieces })),
          );
      }
      await recordOperation(tx, {
        userId: auth.user.id,
        action: 'productBarcode.import',
        target: 'product_barcode:import',
        after: {
          file: name,
          created: fresh.length,
          unchanged,
          barcodes: fresh.map((r) => ({ barcode: r.barcode, productId: r.productId, pieces: r.pieces })),
        },
      });
      return { created: fresh.length, unchanged };
    });
  } catch (err) {
    const pg = (err as { cause?: { code?: string }; code?: string }) ?? {};
    if (pg.code === '23505' || pg.cause?.code === '23505') {
      throw new BizError(ERR.RECORD_DUPLICATE, '导入期间有条码已被他人登记，请重新导入');
    }
    throw err;
  }
};

/** The import template: the header row, two example rows, and a sheet that explains the columns. */
export const barcodeTemplate = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('商品条码');
  sheet.columns = [
    { header: '条码', key: 'barcode', width: 20, style: { numFmt: '@' } },
    { header: '商品编码', key: 'productCode', width: 16, style: { numFmt: '@' } },
    { header: '每箱数量', key: 'pieces', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('填写说明');
  help.columns = [{ width: 16 }, { width: 70 }];
  help.addRows([
    ['列', '说明'],
    [
      '条码',
      '必填。8 位（EAN-8）、12 位（UPC）、13 位（EAN-13）或 14 位（箱码）数字，末位为校验位；请以文本格式填写，以免丢失开头的 0',
    ],
    ['商品编码', '必填。商品列表中的商品编码'],
    ['每箱数量', `选填，默认 1。单品条码填 1；箱码填一箱的件数（1 到 ${BARCODE_PIECES_MAX}）`],
    ['注意', '只导入第一个工作表；任意一行有误则整个文件都不导入，并列出有误的行；与库中完全相同的条码视为未变化'],
    [],
    ['示例', '条码 6901234567892，商品编码 P001，每箱数量 1（单品码）'],
    ['示例', '条码 16901234567899，商品编码 P001，每箱数量 12（箱码）'],
  ]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
};
