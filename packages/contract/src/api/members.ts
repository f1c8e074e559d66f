/**
 * The member's account as /personalAccount reads it: their cards with balances and each card's
 * ledger, and their consumption bills (SPEC §7.3 GET /rest/member/findMemberConsume). Reads only:
 * cards are opened, topped up and drawn by the ledger services on the server. Every call is
 * limited to the caller's data scope on the server.
 */
import { z } from 'zod';
import type { LedgerKind, MemberCardStatus } from '../entities/member';
import type { StorePick } from '../entities/storesCommon';
import { calendarDay } from '../rules';
import { endpoint } from './endpoint';
import { idParamOf } from './ids';
import { pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

const day = (what: string) => calendarDay(what).optional();

export const memberConsumeQuery = pagingQuery
  .extend({
    memberId: idParamOf('会员', '请指定会员'),
    /** Beijing days, both included. */
    dateFrom: day('开始日期'),
    dateTo: day('结束日期'),
    storeId: idParamOf('门店').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: '结束日期不能早于开始日期' });
    }
  });

export type MemberConsumeQuery = z.infer<typeof memberConsumeQuery>;

export interface ConsumeLineDto {
  line: number;
  /** 'project' 项目 or 'product' 商品. */
  itemKind: 'project' | 'product';
  itemId: number;
  itemName: string;
  quantity: number;
  /** 分, the price of one after the card's discount. */
  unitPrice: number;
  amount: number;
  /** The member card drawn, if any. */
  memberCardId: number | null;
  cardNo: string | null;
  cardName: string | null;
  /** Sessions drawn from a 套餐卡; null otherwise. */
  sessions: number | null;
  /** 分 drawn from a 储值卡 (principal and bonus); 0 otherwise. */
  cardAmount: number;
}

export interface ConsumeBillDto {
  id: number;
  billNo: string;
  consumedAt: string;
  storeId: number;
  storeName: string;
  staffName: string | null;
  /** 分: the bill's total, what the member's cards paid, what was paid otherwise. */
  total: number;
  paidByCard: number;
  paidOther: number;
  remark: string | null;
  lines: ConsumeLineDto[];
}

export const memberIdQuery = z.object({ memberId: idParamOf('会员', '请指定会员') });

export interface MemberCardSessionDto {
  projectId: number;
  projectName: string;
  total: number;
  remaining: number;
}

export interface MemberCardDto {
  id: number;
  cardNo: string;
  cardId: number;
  cardName: string;
  /** 'combo' 套餐卡 or 'stored' 储值卡. */
  kind: 'combo' | 'stored';
  storeId: number;
  storeName: string;
  openedAt: string;
  expiresAt: string;
  expired: boolean;
  status: MemberCardStatus;
  /** 分 paid at 开卡. */
  paid: number;
  /** 储值卡: principal and bonus balances (分); null on a 套餐卡. */
  balance: number | null;
  bonusBalance: number | null;
  /** 套餐卡: the sessions left per project; empty on a 储值卡. */
  sessions: MemberCardSessionDto[];
}

export const cardLedgerQuery = pagingQuery.extend({ memberCardId: idParamOf('会员卡', '请指定会员卡') });

export interface CardLedgerDto {
  id: number;
  kind: LedgerKind;
  kindName: string;
  /** Signed 分 of the principal and of the bonus; 0 when the row moved sessions. */
  amount: number;
  bonusAmount: number;
  balanceAfter: number | null;
  bonusAfter: number | null;
  /** Sessions of one project (signed) and what is left of them after; null on money rows. */
  projectName: string | null;
  sessions: number | null;
  sessionsAfter: number | null;
  /** The business record: a bill number, the card number at 开卡 … */
  refNo: string;
  storeName: string;
  createdByName: string | null;
  at: string;
}

const READ = pageAccess('/personalAccount');

export const MEMBER_API = {
  /** Stores of the caller's data scope, for the member form's 所属门店. */
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/member/stores',
    access: pageAccess('/memberList'),
    summary: '可选门店',
  }),
  /** A member's consumption bills, newest first, each with its lines and the cards drawn. */
  findMemberConsume: endpoint<MemberConsumeQuery, undefined, Page<ConsumeBillDto>>({
    method: 'GET',
    path: '/rest/member/findMemberConsume',
    access: READ,
    query: memberConsumeQuery,
    summary: '会员消费记录',
  }),
  /** The member's cards with their balances and sessions, newest first. */
  cards: endpoint<z.infer<typeof memberIdQuery>, undefined, MemberCardDto[]>({
    method: 'GET',
    path: '/rest/member/cards',
    access: READ,
    query: memberIdQuery,
    summary: '会员持卡',
  }),
  /** One card's ledger, newest first. */
  cardLedger: endpoint<z.infer<typeof cardLedgerQuery>, undefined, Page<CardLedgerDto>>({
    method: 'GET',
    path: '/rest/member/cardLedger',
    access: READ,
    query: cardLedgerQuery,
    summary: '会员卡流水',
  }),
};
