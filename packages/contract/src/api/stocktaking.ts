/**
 * 盘点通知 (SPEC §2.12 /inventoryNotice, /inventoryNoticeDetail; §7.2 `/rest/taskCenterRest/*`
 * stocktaking calls; issue 17): head office tells a tree of stores to count their stock — all the
 * products they hold (全盘) or the products named — by a deadline. Each store's POS sends its count
 * through the open API (OPEN_PATHS.stocktakings*): the difference to the book stock becomes stock
 * movements (盘点调整) in the same transaction, so the store's stock equals what it counted, and
 * the count's lines (book, counted, difference, at cost) are what the stocktaking reports read.
 * A store past the deadline without a count is 已逾期 and its notice's creator is told.
 */
import { z } from 'zod';
import type { EnumOption } from '../resource/define';
import { buttonCode, routeByPath } from '../routes';
import { calendarDay } from '../rules';
import { codes, endpoint } from './endpoint';
import { idOf, intParamOf } from './ids';
import { type Page, pagingQuery } from './paging';
import { type TaskStoreRef, treeChoiceBody } from './taskCenter';

/** findStocktakingMsgType. */
export const STOCKTAKE_TYPES = [
  { value: 1, label: '全盘' },
  { value: 2, label: '抽盘' },
  { value: 3, label: '月末盘点' },
] as const;

/** A notice's state: some stores still to count; every store counted; the deadline passed with stores uncounted. */
export const STOCKTAKE_STATUSES = [
  { value: 'open', label: '进行中', color: 'blue' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'overdue', label: '已逾期', color: 'red' },
] as const satisfies readonly EnumOption[];
export type StocktakeStatus = (typeof STOCKTAKE_STATUSES)[number]['value'];

/** A store's state in one notice. */
export const STOCKTAKE_STORE_STATES = [
  { value: 'pending', label: '未盘点', color: 'default' },
  { value: 'counted', label: '已盘点', color: 'green' },
  { value: 'overdue', label: '已逾期', color: 'red' },
] as const satisfies readonly EnumOption[];
export type StocktakeStoreState = (typeof STOCKTAKE_STORE_STATES)[number]['value'];

export const STOCKTAKE_TITLE_MAX = 50;
export const STOCKTAKE_CONTENT_MAX = 500;
/** A 抽盘 names at most this many products; a count sends at most this many lines. */
export const STOCKTAKE_PRODUCTS_MAX = 300;

export interface StocktakeRow {
  id: number;
  title: string;
  type: number;
  typeName: string;
  /** YYYY-MM-DD. */
  deadline: string;
  status: StocktakeStatus;
  storeCount: number;
  countedCount: number;
  /** Products named (0: everything the stores hold). */
  productCount: number;
  /** Σ of the counts' differences at cost (分): gains positive, losses negative. */
  diffAmount: number;
  createdByName: string | null;
  createdAt: string;
}

export interface StocktakeLine {
  productId: number;
  productCode: string;
  productName: string;
  unit: string;
  /** Base units (ml for goods used by the millilitre). */
  bookQty: number;
  countedQty: number;
  diffQty: number;
  /** The difference at the product's cost price, 分. */
  diffAmount: number;
}

export interface StocktakeStore extends TaskStoreRef {
  state: StocktakeStoreState;
  countedAt: string | null;
  countNo: string | null;
  gainAmount: number;
  lossAmount: number;
  lines: StocktakeLine[];
}

export interface StocktakeDetail extends StocktakeRow {
  content: string;
  products: { id: number; code: string; name: string }[];
  regionIds: number[];
  storeIds: number[];
  stores: StocktakeStore[];
  /** Edit and delete are allowed while no store has counted. */
  editable: boolean;
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const stocktakeFilterQuery = z.object({
  title: z.preprocess(blankToUndefined, z.string().trim().max(STOCKTAKE_TITLE_MAX, '标题最多 50 个字').optional()),
  type: z.preprocess(blankToUndefined, intParamOf('盘点类型', { min: 1, max: 3 }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(['open', 'done', 'overdue'], { error: '状态无效' }).optional()),
  dayFrom: z.preprocess(blankToUndefined, calendarDay('开始日期').optional()),
  dayTo: z.preprocess(blankToUndefined, calendarDay('结束日期').optional()),
});
export const stocktakeListQuery = pagingQuery.extend(stocktakeFilterQuery.shape);
export const stocktakeIdQuery = z.object({ id: intParamOf('盘点通知', { min: 1 }) });

export const saveStocktakeBody = z
  .object({
    id: idOf('盘点通知').optional(),
    title: z
      .string({ error: '请填写标题' })
      .trim()
      .min(1, '请填写标题')
      .max(STOCKTAKE_TITLE_MAX, `标题最多 ${STOCKTAKE_TITLE_MAX} 个字`),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择盘点类型' }),
    content: z.string().trim().max(STOCKTAKE_CONTENT_MAX, `说明最多 ${STOCKTAKE_CONTENT_MAX} 个字`).default(''),
    deadline: calendarDay('截止日期'),
    productIds: z
      .array(idOf('商品'), { error: '商品须为编号数组' })
      .max(STOCKTAKE_PRODUCTS_MAX, `最多选择 ${STOCKTAKE_PRODUCTS_MAX} 个商品`)
      .default([])
      .transform((a) => [...new Set(a)]),
    ...treeChoiceBody.shape,
  })
  .superRefine((b, ctx) => {
    if (b.type === 2 && b.productIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: '抽盘请选择要盘点的商品' });
    }
    if (b.regionIds.length + b.storeIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['storeIds'], message: '请选择盘点门店' });
    }
  });
export type SaveStocktake = z.output<typeof saveStocktakeBody>;

export const deleteStocktakeBody = z.object({
  ids: z
    .array(idOf('盘点通知'), { error: '请选择要删除的盘点通知' })
    .min(1, '请选择要删除的盘点通知')
    .max(100, '一次最多删除 100 条'),
});

// --- the open API: a store's POS ---------------------------------------------------------------

export const openStocktakesBody = z.object({}).strict();
export const openCountBody = z.object({
  countNo: z.string({ error: '请填写盘点单号' }).trim().min(1, '请填写盘点单号').max(64, '盘点单号最多 64 个字符'),
  noticeId: idOf('盘点通知'),
  lines: z
    .array(
      z.object({
        productCode: z.string({ error: '请填写商品编码' }).trim().min(1, '请填写商品编码').max(40),
        qty: z
          .number({ error: '盘点数量须为数字' })
          .int('盘点数量须为整数')
          .min(0, '盘点数量不能为负数')
          .max(10_000_000),
      }),
      { error: 'lines 须为数组' },
    )
    .min(1, '请填写盘点明细')
    .max(STOCKTAKE_PRODUCTS_MAX, `一次最多 ${STOCKTAKE_PRODUCTS_MAX} 行`),
});
export type OpenCountBody = z.output<typeof openCountBody>;

export interface OpenStocktake {
  noticeId: number;
  title: string;
  typeName: string;
  deadline: string;
  state: StocktakeStoreState;
  /** What to count, with the book stock now (base units): the products named, or every product the store holds. */
  products: { code: string; name: string; unit: string; bookQty: number }[];
}

export interface OpenCountAnswer {
  countNo: string;
  noticeId: number;
  gainAmount: number;
  lossAmount: number;
  lines: number;
  replayed: boolean;
}

// --- access -------------------------------------------------------------------------------------

const PAGE = routeByPath('/inventoryNotice')!;
const READ = codes(...PAGE.codes);
const btn = (key: string) => codes(buttonCode(PAGE.code!, key));
const P = '/rest/taskCenterRest';

/** Whoever may open /inventoryNotice (the store-tree calls accept them too, api/taskCenter.ts). */
export const STOCKTAKE_PAGE_CODES: readonly string[] = PAGE.codes;

export const STOCKTAKE_API = {
  searchStocktakingMsg: endpoint<z.output<typeof stocktakeListQuery>, undefined, Page<StocktakeRow>>({
    method: 'GET',
    path: `${P}/searchStocktakingMsg`,
    access: READ,
    query: stocktakeListQuery,
    read: true,
    summary: '盘点通知列表',
  }),
  searchCountStocktakingMsg: endpoint<z.output<typeof stocktakeFilterQuery>, undefined, number>({
    method: 'GET',
    path: `${P}/searchCountStocktakingMsg`,
    access: READ,
    query: stocktakeFilterQuery,
    read: true,
    summary: '盘点通知条数',
  }),
  saveUpdateStocktakingMsg: endpoint<undefined, SaveStocktake, StocktakeDetail>({
    method: 'POST',
    path: `${P}/saveUpdateStocktakingMsg`,
    access: codes(buttonCode(PAGE.code!, 'add'), buttonCode(PAGE.code!, 'edit')),
    body: saveStocktakeBody,
    summary: '新增或修改盘点通知（无 id 为新增）',
  }),
  findStocktakingMsgType: endpoint<undefined, undefined, { value: number; label: string }[]>({
    method: 'GET',
    path: `${P}/findStocktakingMsgType`,
    access: READ,
    read: true,
    summary: '盘点类型',
  }),
  deleteStocktakingMsg: endpoint<undefined, z.output<typeof deleteStocktakeBody>, number>({
    method: 'POST',
    path: `${P}/deleteStocktakingMsg`,
    access: btn('delete'),
    body: deleteStocktakeBody,
    summary: '删除盘点通知（尚无门店盘点时）',
  }),
  getStocktakingMsgDetail: endpoint<z.output<typeof stocktakeIdQuery>, undefined, StocktakeDetail>({
    method: 'GET',
    path: `${P}/getStocktakingMsgDetail`,
    access: READ,
    query: stocktakeIdQuery,
    read: true,
    summary: '盘点通知详情与各门店盘点结果',
  }),
  products: endpoint<undefined, undefined, { id: number; code: string; name: string }[]>({
    method: 'GET',
    path: '/rest/stocktaking/products',
    access: READ,
    read: true,
    summary: '可盘点的商品',
  }),
} as const;
