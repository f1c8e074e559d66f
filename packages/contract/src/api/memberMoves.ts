/**
 * 闭店迁移 (/close, /closeDetail): the stores to close and to receive, a closing store's members
 * with their cards and balances, starting a closure (a job with progress), its members with their
 * state and failures, and retrying the failed ones. The records themselves (/memAccountDetail,
 * /umsMemberSwitchRecord, the /memberMigration tab) are report declarations (reports/memberMoves.ts).
 */
import { z } from 'zod';
import { CLOSURE_MEMBERS_MAX, CLOSURE_REASON_MAX, type ClosureStatus, type MoveStatus } from '../entities/memberMove';
import { endpoint } from './endpoint';
import { chosenIdOf, idParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export interface MoveStoreDto {
  id: number;
  /** 门店名称（编码）. */
  name: string;
  /** The store's status (preparing, open, suspended, closed). */
  status: string;
}

export const closeStoreQuery = z.object({ storeId: idParamOf('门店', '请选择要闭店的门店') });

export interface PreviewCardDto {
  memberCardId: number;
  cardNo: string;
  cardName: string;
  kind: 'combo' | 'stored';
  /** 储值卡: 本金 and 赠送 (分); null on a 套餐卡. */
  balance: number | null;
  bonusBalance: number | null;
  /** 套餐卡: sessions left over all its projects. */
  sessionsLeft: number;
}

export interface PreviewMemberDto {
  memberId: number;
  code: string;
  name: string;
  phone: string;
  homeStoreId: number;
  homeStoreName: string;
  /** The cards of the closing store holding value or sessions (what moves). */
  cards: PreviewCardDto[];
}

export interface ClosePreviewDto {
  store: MoveStoreDto;
  members: PreviewMemberDto[];
  /** Sums over the cards that move: 本金, 赠送 (分) and sessions. */
  amount: number;
  bonus: number;
  sessions: number;
}

const chosenStore = chosenIdOf('请选择接收门店');

export const startClosureBody = z.object({
  storeId: chosenIdOf('请选择要闭店的门店'),
  /** The receiving store of every member not named in `members`. */
  toStoreId: chosenStore,
  reason: z.string().trim().max(CLOSURE_REASON_MAX, `闭店原因不能超过 ${CLOSURE_REASON_MAX} 个字`).optional(),
  /** Members whose receiving store differs from the bulk one. */
  members: z
    .array(z.object({ memberId: chosenIdOf('会员编号无效'), toStoreId: chosenStore }))
    .max(CLOSURE_MEMBERS_MAX)
    .optional(),
});
export type StartClosureBody = z.infer<typeof startClosureBody>;

export interface ClosureDto {
  id: number;
  closureNo: string;
  storeId: number;
  storeName: string;
  toStoreName: string;
  status: ClosureStatus;
  reason: string | null;
  /** Members in the closure, moved, failed. */
  total: number;
  moved: number;
  failed: number;
  /** Moved so far (分, sessions). */
  amount: number;
  bonus: number;
  sessions: number;
  createdByName: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const closureListQuery = pagingQuery.extend({
  storeId: idParamOf('门店').optional(),
  status: z.enum(['running', 'partial', 'done'], { error: '状态无效' }).optional(),
});

export const closureIdQuery = z.object({ id: idParamOf('闭店迁移单', '请指定闭店迁移单') });

export const closureMembersQuery = pagingQuery.extend({
  closureId: idParamOf('闭店迁移单', '请指定闭店迁移单'),
  status: z.enum(['pending', 'done', 'failed'], { error: '状态无效' }).optional(),
});

export interface ClosureMemberDto {
  moveId: number;
  memberId: number;
  memberCode: string;
  memberName: string;
  phone: string;
  fromHomeStoreName: string;
  toStoreId: number;
  toStoreName: string;
  status: MoveStatus;
  error: string | null;
  attempts: number;
  cards: number;
  amount: number;
  bonus: number;
  sessions: number;
  movedAt: string | null;
}

export const retryClosureBody = z.object({
  closureId: chosenIdOf('请指定闭店迁移单'),
  /** Failed members to retry (none: every failed member), each optionally with a new receiving store. */
  members: z
    .array(z.object({ memberId: chosenIdOf('会员编号无效'), toStoreId: chosenStore.optional() }))
    .max(CLOSURE_MEMBERS_MAX)
    .optional(),
});

const READ = pageAccess('/close');
const RUN = buttonAccess('/close', 'audit');

export const MEMBER_MOVE_API = {
  /** Stores of the caller's scope, with their status: the closing store and the receiving ones. */
  stores: endpoint<undefined, undefined, MoveStoreDto[]>({
    method: 'GET',
    path: '/rest/memberMove/stores',
    access: READ,
    summary: '闭店迁移可选门店',
    read: true,
  }),
  /** A store's members that a closure would move, with the cards and balances that move. */
  preview: endpoint<z.infer<typeof closeStoreQuery>, undefined, ClosePreviewDto>({
    method: 'GET',
    path: '/rest/memberMove/preview',
    access: READ,
    query: closeStoreQuery,
    summary: '闭店会员预览',
    read: true,
  }),
  /** Starts a closure: its members are moved by a job, one transaction each. */
  start: endpoint<undefined, StartClosureBody, { id: number; closureNo: string }>({
    method: 'POST',
    path: '/rest/memberMove/close',
    access: RUN,
    body: startClosureBody,
    summary: '闭店迁移',
  }),
  closures: endpoint<z.infer<typeof closureListQuery>, undefined, Page<ClosureDto>>({
    method: 'GET',
    path: '/rest/memberMove/closures',
    access: READ,
    query: closureListQuery,
    summary: '闭店迁移记录',
    read: true,
  }),
  closure: endpoint<z.infer<typeof closureIdQuery>, undefined, ClosureDto>({
    method: 'GET',
    path: '/rest/memberMove/closure',
    access: READ,
    query: closureIdQuery,
    summary: '闭店迁移详情',
    read: true,
  }),
  closureMembers: endpoint<z.infer<typeof closureMembersQuery>, undefined, Page<ClosureMemberDto>>({
    method: 'GET',
    path: '/rest/memberMove/closureMembers',
    access: READ,
    query: closureMembersQuery,
    summary: '闭店迁移会员',
    read: true,
  }),
  /** Moves the failed members again (optionally to another receiving store). */
  retry: endpoint<undefined, z.infer<typeof retryClosureBody>, { retried: number }>({
    method: 'POST',
    path: '/rest/memberMove/retry',
    access: RUN,
    body: retryClosureBody,
    summary: '闭店迁移重试',
  }),
};
