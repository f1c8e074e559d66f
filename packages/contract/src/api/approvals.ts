/** The approval center (/approvalCenter): applications, their decision and history. */
import { z } from 'zod';
import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_STATUS,
  APPROVAL_TYPES,
  type ApprovalStatus,
  type ApprovalType,
} from '../constants';
import { resourceCode } from '../routeTable/define';
import { codes, endpoint } from './endpoint';
import { idOf, idParamOf } from './ids';
import { type Page, pagingQuery } from './paging';

/** Approvers: a role holding the approval center (or its group), or an administrator. */
export const APPROVER = codes('ZBHT-SPZX', resourceCode('ZBHT-SPZX', '/approvalCenter'));

export interface ApprovalRow {
  id: number;
  /** Approval number (spNo), e.g. SP202611220001. */
  spNo: string;
  type: ApprovalType;
  title: string;
  applicantName: string;
  applicantPhone: string;
  storeName: string;
  status: ApprovalStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface ApprovalEvent {
  at: string;
  actorName: string;
  /** submit, approve, reject, authorize (the applicant signed in with it). */
  action: 'submit' | 'approve' | 'reject' | 'authorize';
  comment: string;
}

export interface ApprovalDetail extends ApprovalRow {
  reason: string;
  deciderName: string | null;
  comment: string;
  history: ApprovalEvent[];
  /** The console page of the record the application decides (a refund's /refundDetail), if any. */
  link: string | null;
}

const statusKeys = Object.keys(APPROVAL_STATUS) as [ApprovalStatus, ...ApprovalStatus[]];
const typeKeys = Object.keys(APPROVAL_TYPES) as [ApprovalType, ...ApprovalType[]];

export const approvalListQuery = pagingQuery.extend({
  status: z.enum(statusKeys, { error: '审批状态无效' }).optional(),
  type: z.enum(typeKeys, { error: '审批类型无效' }).optional(),
  keyword: z.string().trim().max(50, '关键字最多 50 个字符').optional(),
});

export const approvalDecisionBody = z.object({
  id: idOf('审批'),
  decision: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
  comment: z.string().trim().max(APPROVAL_COMMENT_MAX, `审批意见最多 ${APPROVAL_COMMENT_MAX} 个字符`).default(''),
});

export const APPROVAL_API = {
  list: endpoint<z.output<typeof approvalListQuery>, undefined, Page<ApprovalRow>>({
    method: 'GET',
    path: '/rest/approval/list',
    access: APPROVER,
    query: approvalListQuery,
    summary: '审批列表',
  }),
  detail: endpoint<undefined, undefined, ApprovalDetail>({
    method: 'GET',
    path: '/rest/approval/detail/:id',
    access: APPROVER,
    params: z.object({ id: idParamOf('审批') }),
    summary: '审批详情与历史',
  }),
  /** Approve or reject a pending application; a rejection needs no comment, but may have one. */
  decide: endpoint<undefined, z.output<typeof approvalDecisionBody>, ApprovalDetail>({
    method: 'POST',
    path: '/rest/approval/decide',
    access: APPROVER,
    body: approvalDecisionBody,
    summary: '审批：通过或驳回',
  }),
  pendingCount: endpoint<undefined, undefined, number>({
    method: 'GET',
    path: '/rest/approval/pendingCount',
    access: APPROVER,
    summary: '待审批数量',
  }),
} as const;
