/**
 * The approval list's filters and page live in the URL (?status=…&type=…&keyword=…&pageNo=…&pageSize=…),
 * so the kept-alive page, a shared link and the back button agree.
 */
import {
  APPROVAL_STATUS,
  APPROVAL_TYPES,
  type ApprovalStatus,
  type ApprovalType,
  PAGE_SIZES,
} from '@zb/contract/constants';

export interface ApprovalFilters {
  status?: ApprovalStatus;
  type?: ApprovalType;
  keyword?: string;
}

export interface ApprovalListParams extends ApprovalFilters {
  pageNo: number;
  pageSize: number;
}

const positiveInt = (raw: string | null, fallback: number): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

const oneOf = <K extends string>(record: Record<K, string>, raw: string | null): K | undefined =>
  raw !== null && Object.hasOwn(record, raw) ? (raw as K) : undefined;

export const parseApprovalParams = (search: URLSearchParams): ApprovalListParams => {
  const size = positiveInt(search.get('pageSize'), PAGE_SIZES[0]);
  const keyword = search.get('keyword')?.trim();
  return {
    status: oneOf(APPROVAL_STATUS, search.get('status')),
    type: oneOf(APPROVAL_TYPES, search.get('type')),
    keyword: keyword || undefined,
    pageNo: positiveInt(search.get('pageNo'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
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
  s.set('pageNo', String(p.pageNo));
  if (p.pageSize !== PAGE_SIZES[0]) s.set('pageSize', String(p.pageSize));
  return `?${s.toString()}`;
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
