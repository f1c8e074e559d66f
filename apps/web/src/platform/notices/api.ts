/** Payment-notice calls (SPEC §7.2) and their TanStack Query keys. */
import { NOTICE_API } from '@zb/contract/api/notices';
import { NOTICE_PAGE_SIZE } from '@zb/contract/constants';
import { call } from '../http';

export const NOTICE_CENTER_PATH = '/taskCenterBoss';

export const NOTICE_KEYS = {
  all: ['notices'] as const,
  unread: ['notices', 'unread'] as const,
  list: (isRead: boolean | undefined, pageNo: number, pageSize: number) =>
    ['notices', 'list', isRead ?? 'all', pageNo, pageSize] as const,
  detail: (id: number) => ['notices', 'detail', id] as const,
};

/**
 * The bell's count (isRead=false, pageNo 1, pageSize NOTICE_PAGE_SIZE). A failed count stays
 * quiet (the bell is not worth a 警告), but session codes still end the session.
 */
export const unreadCount = () =>
  call(NOTICE_API.countTaskBoss, { query: { isRead: false, pageNo: 1, pageSize: NOTICE_PAGE_SIZE } }, { alert: false });

export const searchNotices = (isRead: boolean | undefined, pageNo: number, pageSize: number) =>
  call(NOTICE_API.searchTaskBoss, { query: { isRead, pageNo, pageSize } });

/** Opening a notice reads it. */
export const openNotice = (id: number) => call(NOTICE_API.getTaskDetailStore, { query: { id } });
