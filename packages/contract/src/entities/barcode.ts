/**
 * The barcode database (/barCodeDatabase 商品条码库): which product a scanned barcode is, and how
 * many pieces it stands for — the maker's EAN-13 on a bottle is 1 piece, a box code may be 12. A
 * product has any number of barcodes; a barcode belongs to one product. Receiving and the
 * mini-program look a code up with `lookup`; `import` loads an .xlsx all-or-nothing.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { barcodeSchema } from '../barcode';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { anyPageAccess } from './goodsCommon';
import type { ProductPick } from './storesCommon';

/** Most pieces one barcode stands for. */
export const BARCODE_PIECES_MAX = 9999;

export const BARCODE_KINDS = [
  { value: 'unit', label: '单品码', color: 'blue' },
  { value: 'box', label: '箱码', color: 'purple' },
] as const;

export const PRODUCT_BARCODE = defineResource({
  name: 'productBarcode',
  title: '商品条码',
  page: '/barCodeDatabase',
  api: '/rest/barCodeDatabase',
  rowLabel: 'barcode',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    barcode: {
      label: '条码',
      type: 'text',
      required: true,
      max: 14,
      schema: barcodeSchema,
      list: { width: 150, fixed: 'left' },
      filter: 'like',
      sort: true,
      help: 'EAN-8、UPC、EAN-13 或 14 位箱码，末位为校验位',
    },
    productId: { label: '商品', type: 'int', required: true, formOnly: true },
    productCode: { label: '商品编码', type: 'text', readOnly: true, list: { width: 110 }, filter: 'like', sort: true },
    productName: { label: '商品名称', type: 'text', readOnly: true, list: { width: 180 }, filter: 'like', sort: true },
    spec: { label: '规格', type: 'text', readOnly: true, list: { width: 110 } },
    unit: { label: '单位', type: 'text', readOnly: true, list: { width: 60 } },
    pieces: {
      label: '每箱数量',
      type: 'int',
      required: true,
      min: 1,
      max: BARCODE_PIECES_MAX,
      default: 1,
      list: { width: 90 },
      sort: true,
      help: '单品条码填 1；箱码填一箱的件数（按商品单位计）',
    },
    kind: {
      label: '条码类型',
      type: 'enum',
      options: BARCODE_KINDS,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    note: { label: '备注', type: 'text', max: 100, list: { width: 160 } },
    createdAt: { label: '登记时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
  },
});

/** What a scanned barcode is. */
export interface BarcodeLookup {
  barcode: string;
  /** Pieces of the product the code stands for (1 for a unit code). */
  pieces: number;
  productId: number;
  productCode: string;
  productName: string;
  spec: string | null;
  unit: string;
  /** The product's sale status: on 在售 / off 停售. */
  status: string;
}

export const barcodeLookupQuery = z.object({ barcode: barcodeSchema });

/** The columns of the import workbook, in the template's order. */
export const BARCODE_IMPORT_COLUMNS = [
  { key: 'barcode', title: '条码' },
  { key: 'productCode', title: '商品编码' },
  { key: 'pieces', title: '每箱数量' },
] as const;

/** Most data rows one import takes. */
export const BARCODE_IMPORT_MAX_ROWS = 5000;
/** Largest workbook one import takes. */
export const BARCODE_IMPORT_MAX_KB = 2048;
/** The multipart field of the workbook. */
export const BARCODE_IMPORT_FIELD = 'file';
/** At most this many wrong rows are listed (the count says how many in all). */
export const BARCODE_IMPORT_ERRORS_SHOWN = 200;

export interface BarcodeImportResult {
  /** Rows written as new barcodes. */
  created: number;
  /** Rows that were already in the database exactly so (same product, same pieces). */
  unchanged: number;
}

/** One wrong row of an import: its row number in the sheet and what is wrong, in Chinese. */
export interface BarcodeImportError {
  row: number;
  message: string;
}

/** data of a BARCODE_IMPORT_INVALID answer. */
export interface BarcodeImportErrors {
  errors: BarcodeImportError[];
  /** Wrong rows in all (errors holds at most BARCODE_IMPORT_ERRORS_SHOWN). */
  total: number;
}

export const BARCODE_API = {
  ...resourceApi(PRODUCT_BARCODE),
  /**
   * The product and pieces of a barcode, for receiving and the mini-program. BARCODE-40401 when
   * the code is not registered.
   */
  lookup: endpoint<z.infer<typeof barcodeLookupQuery>, undefined, BarcodeLookup>({
    method: 'GET',
    path: '/rest/barCodeDatabase/lookup',
    access: anyPageAccess(
      '/barCodeDatabase',
      '/bookProdLstNew',
      '/bookProdLst',
      '/materialBookProdLstNew',
      '/memberReceiveAudit',
    ),
    query: barcodeLookupQuery,
    summary: '按条码查询商品',
  }),
  /** Body: multipart with the .xlsx under BARCODE_IMPORT_FIELD. All rows or none. */
  import: endpoint<undefined, unknown, BarcodeImportResult>({
    method: 'POST',
    path: '/rest/barCodeDatabase/import',
    access: buttonAccess('/barCodeDatabase', 'import'),
    summary: '导入商品条码',
  }),
  /** The import template (.xlsx with the header row and an example). */
  template: endpoint<undefined, undefined, unknown>({
    method: 'GET',
    path: '/rest/barCodeDatabase/template',
    access: buttonAccess('/barCodeDatabase', 'import'),
    summary: '下载条码导入模板',
  }),
  /** The product picker of the form. */
  products: endpoint<undefined, undefined, ProductPick[]>({
    method: 'GET',
    path: '/rest/barCodeDatabase/products',
    access: pageAccess('/barCodeDatabase'),
    summary: '可选商品',
  }),
};

export const BARCODE_TEMPLATE_NAME = '商品条码导入模板.xlsx';
