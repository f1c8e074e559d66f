/** The list's filter and page live in the URL (?isRead=…&pageNo=…&pageSize=…), so back, links and keep-alive agree. */
import { PAGE_SIZES } from '@zb/contract/constants';

export type ReadFilter = 'all' | 'unread' | 'read';

export const READ_FILTERS: readonly { value: ReadFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

export interface NoticeListParams {
  filter: ReadFilter;
  pageNo: number;
  pageSize: number;
}

const positiveInt = (raw: string | null, fallback: number): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

export const parseNoticeParams = (search: URLSearchParams): NoticeListParams => {
  const isRead = search.get('isRead');
  const size = positiveInt(search.get('pageSize'), PAGE_SIZES[0]);
  return {
    filter: isRead === 'false' ? 'unread' : isRead === 'true' ? 'read' : 'all',
    pageNo: positiveInt(search.get('pageNo'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
};

export const isReadOf = (filter: ReadFilter): boolean | undefined => (filter === 'all' ? undefined : filter === 'read');

/** The query string of a state; defaults are left out so the bare path means the first page of all. */
export const noticeSearch = (p: NoticeListParams): string => {
  const s = new URLSearchParams();
  const isRead = isReadOf(p.filter);
  if (isRead !== undefined) s.set('isRead', String(isRead));
  if (p.pageNo > 1) s.set('pageNo', String(p.pageNo));
  if (p.pageSize !== PAGE_SIZES[0]) s.set('pageSize', String(p.pageSize));
  const out = s.toString();
  return out ? `?${out}` : '';
};
