/**
 * The approval list's filters and page live in the URL (?status=…&type=…&keyword=…&pageNo=…&pageSize=…),
 * so the kept-alive page, a shared link and the back button agree.
 */
import { APPROVAL_STATUS, APPROVAL_TYPES, type ApprovalStatus, type ApprovalType } from '@zb/contract/constants';
import { type Paging, parsePaging, searchOf, writePaging } from '../../platform/list/paging';

export interface ApprovalFilters {
  status?: ApprovalStatus;
  type?: ApprovalType;
  keyword?: string;
}

export interface ApprovalListParams extends ApprovalFilters, Paging {}

const oneOf = <K extends string>(record: Record<K, string>, raw: string | null): K | undefined =>
  raw !== null && Object.hasOwn(record, raw) ? (raw as K) : undefined;

export const parseApprovalParams = (search: URLSearchParams): ApprovalListParams => {
  const keyword = search.get('keyword')?.trim();
  return {
    status: oneOf(APPROVAL_STATUS, search.get('status')),
    type: oneOf(APPROVAL_TYPES, search.get('type')),
    keyword: keyword || undefined,
    ...parsePaging(search),
  };
};

/**
 * The query string of a state; default filters and size are left out. pageNo is always written:
 * the shell reopens a kept-alive page opened bare at its last query, so 重置 must not be bare.
 */
export const approvalSearch = (p: ApprovalListParams): string => {
  const s = new URLSearchParams();
  if (p.status) s.set('status', p.status);
  if (p.type) s.set('type', p.type);
  if (p.keyword?.trim()) s.set('keyword', p.keyword.trim());
  writePaging(s, p, true);
  return searchOf(s);
};

/** Tag colours of the states. */
export const STATUS_COLORS: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

export const EVENT_NAMES = {
  submit: '提交申请',
  approve: '审批通过',
  reject: '审批驳回',
  authorize: '授权登录',
} as const;
