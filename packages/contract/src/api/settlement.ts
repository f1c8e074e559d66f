/**
 * 跨店结算 in the console (entities/settlement.ts): generating a month's statements, the list, a
 * statement's detail with its lines and history, its steps (SETTLEMENT_FLOW), the per-store net
 * view of a month, and matching bank receipts (/bankReceipt, a resource) to statements.
 */
import { z } from 'zod';
import { MONTH_MESSAGE, MONTH_PATTERN, type SettlementStatus } from '../entities/settlement';
import { routeByPath } from '../routes';
import { codes, endpoint } from './endpoint';
import { chosenIdOf, idParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export const monthSchema = z
  .string({ error: '请选择月份' })
  .trim()
  .min(1, '请选择月份')
  .regex(MONTH_PATTERN, MONTH_MESSAGE);

export const generateBody = z.object({ month: monthSchema });

export const statementListQuery = pagingQuery.extend({
  month: monthSchema.optional(),
  status: z.enum(['pending', 'confirmed', 'settled', 'rejected'], { error: '状态无效' }).optional(),
  /** Statements where this store pays or receives. */
  storeId: idParamOf('门店').optional(),
});

export const netQuery = z.object({ month: monthSchema });

export const statementStepBody = z.object({
  step: z.enum(['confirm', 'reject', 'settle'], { error: '步骤须为 confirm、reject 或 settle' }),
  reason: z.string().trim().max(200, '原因最多 200 字').optional(),
});

export const matchBody = z.object({
  statementId: chosenIdOf('请选择结算单'),
  amount: z
    .number({ error: '匹配金额须为整数（分）' })
    .int('匹配金额须为整数（分）')
    .min(1, '匹配金额须大于 0')
    .max(1_000_000_000, '匹配金额不能大于 10000000 元'),
});

export interface GenerateResult {
  month: string;
  /** Statements written (new or replacing a 待确认/已驳回 one). */
  written: number;
  /** Statements left as they were (已确认/已结算). */
  kept: number;
  /** Pending statements removed because their pair had no draws left. */
  removed: number;
  lines: number;
}

export interface StatementDto {
  id: number;
  statementNo: string;
  month: string;
  issuingStoreId: number;
  issuingStoreName: string;
  servingStoreId: number;
  servingStoreName: string;
  status: SettlementStatus;
  lineCount: number;
  /** 分 served at B on A's cards. */
  served: number;
  /** 分 of those draws refunded or reversed. */
  deducted: number;
  /** 分 A pays B: Σ of the lines' amounts. */
  amount: number;
  /** 分 of bank receipts matched to it. */
  matched: number;
  generatedAt: string;
}

export interface StatementLineDto {
  id: number;
  consumeId: number;
  billNo: string;
  consumedAt: string;
  memberName: string;
  cardNo: string;
  cardKind: string;
  itemName: string;
  served: number;
  deducted: number;
  rate: number;
  amount: number;
}

export interface SettlementHistoryDto {
  at: string;
  step: string;
  label: string;
  userName: string | null;
  reason: string;
}

export interface ReceiptMatchDto {
  id: number;
  receiptId: number;
  bankSerial: string;
  statementId: number;
  statementNo: string;
  amount: number;
  matchedAt: string;
}

export interface StatementDetail {
  statement: StatementDto;
  lines: StatementLineDto[];
  history: SettlementHistoryDto[];
  matches: ReceiptMatchDto[];
}

export interface StoreNetDto {
  storeId: number;
  storeCode: string;
  storeName: string;
  /** 分 the store receives as the serving store. */
  receivable: number;
  /** 分 the store pays as the issuing store. */
  payable: number;
  net: number;
}

export interface MonthNet {
  month: string;
  stores: StoreNetDto[];
  /** Σ net over all stores (zero when all stores are in the caller's scope). */
  total: number;
}

export interface ReceiptMatches {
  receiptId: number;
  amount: number;
  matched: number;
  matches: ReceiptMatchDto[];
  /** Statements the receipt may still match: the payer store's 已确认 statements not fully matched. */
  candidates: StatementDto[];
}

const idParams = z.object({ id: idParamOf('单据') });
const codesOf = (...paths: string[]) => codes(...new Set(paths.flatMap((p) => routeByPath(p)?.codes ?? [])));
const READ = pageAccess('/crossSettlement');

export const SETTLEMENT_API = {
  generate: endpoint<undefined, z.output<typeof generateBody>, GenerateResult>({
    method: 'POST',
    path: '/rest/crossSettlement/generate',
    access: buttonAccess('/crossSettlement', 'generate'),
    body: generateBody,
    summary: '生成某月的跨店结算单（替换待确认/已驳回的，不动已确认/已结算的）',
  }),
  list: endpoint<z.output<typeof statementListQuery>, undefined, Page<StatementDto>>({
    method: 'GET',
    path: '/rest/crossSettlement/list',
    access: READ,
    query: statementListQuery,
    summary: '跨店结算单列表（开卡门店或消费门店在数据范围内）',
    read: true,
  }),
  net: endpoint<z.output<typeof netQuery>, undefined, MonthNet>({
    method: 'GET',
    path: '/rest/crossSettlement/net',
    access: READ,
    query: netQuery,
    summary: '某月各门店的应收、应付与净额',
    read: true,
  }),
  detail: endpoint<undefined, undefined, StatementDetail>({
    method: 'GET',
    path: '/rest/crossSettlement/detail/:id',
    access: codesOf('/crossSettlement', '/bankReceipt'),
    params: idParams,
    summary: '跨店结算单详情：明细、回单匹配与历史',
    read: true,
  }),
  step: endpoint<undefined, z.output<typeof statementStepBody>, StatementDto>({
    method: 'POST',
    path: '/rest/crossSettlement/step/:id',
    access: codesOf('/crossSettlement'),
    params: idParams,
    body: statementStepBody,
    summary: '结算单确认、驳回或标记已结算（各步按钮权限另行检查）',
  }),
  receiptMatches: endpoint<undefined, undefined, ReceiptMatches>({
    method: 'GET',
    path: '/rest/bankReceipt/matches/:id',
    access: pageAccess('/bankReceipt'),
    params: idParams,
    summary: '银行回单已匹配的结算单与可匹配的结算单',
    read: true,
  }),
  match: endpoint<undefined, z.output<typeof matchBody>, ReceiptMatches>({
    method: 'POST',
    path: '/rest/bankReceipt/match/:id',
    access: buttonAccess('/bankReceipt', 'match'),
    params: idParams,
    body: matchBody,
    summary: '把银行回单的一部分金额匹配到结算单（合计不超过回单金额与结算单金额）',
  }),
  unmatch: endpoint<undefined, undefined, ReceiptMatches>({
    method: 'POST',
    path: '/rest/bankReceipt/unmatch/:id',
    access: buttonAccess('/bankReceipt', 'match'),
    params: idParams,
    summary: '取消一条回单匹配（结算单未结算时）',
  }),
} as const;
