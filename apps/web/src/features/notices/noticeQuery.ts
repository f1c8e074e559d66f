/** The list's filter and page live in the URL (?isRead=…&pageNo=…&pageSize=…), so back, links and keep-alive agree. */
import { type Paging, parsePaging, searchOf, writePaging } from '../../platform/list/paging';

export type ReadFilter = 'all' | 'unread' | 'read';

export const READ_FILTERS: readonly { value: ReadFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

export interface NoticeListParams extends Paging {
  filter: ReadFilter;
}

export const parseNoticeParams = (search: URLSearchParams): NoticeListParams => {
  const isRead = search.get('isRead');
  return {
    filter: isRead === 'false' ? 'unread' : isRead === 'true' ? 'read' : 'all',
    ...parsePaging(search),
  };
};

export const isReadOf = (filter: ReadFilter): boolean | undefined => (filter === 'all' ? undefined : filter === 'read');

/** The query string of a state; defaults are left out so the bare path means the first page of all. */
export const noticeSearch = (p: NoticeListParams): string => {
  const s = new URLSearchParams();
  const isRead = isReadOf(p.filter);
  if (isRead !== undefined) s.set('isRead', String(isRead));
  writePaging(s, p);
  return searchOf(s);
};
