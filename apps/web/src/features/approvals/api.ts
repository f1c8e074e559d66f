/** Approval-center calls and their TanStack Query keys. */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { call } from '../../platform/http';
import type { ApprovalListParams } from './approvalQuery';

export const APPROVAL_KEYS = {
  all: ['approvals'] as const,
  list: (p: ApprovalListParams) =>
    ['approvals', 'list', p.status ?? '', p.type ?? '', p.keyword ?? '', p.pageNo, p.pageSize] as const,
  detail: (id: number) => ['approvals', 'detail', id] as const,
  pending: ['approvals', 'pending'] as const,
};

export const listApprovals = (p: ApprovalListParams) => call(APPROVAL_API.list, { query: p });

export const approvalDetail = (id: number) => call(APPROVAL_API.detail, { params: { id } });

/** A decision is a change the approver wants confirmed: the 成功 notice shows. */
export const decideApproval = (id: number, decision: 'approve' | 'reject', comment: string) =>
  call(APPROVAL_API.decide, { body: { id, decision, comment } });

export const pendingApprovals = () => call(APPROVAL_API.pendingCount, {}, { alert: false });
