/** Task and payment notices of SPEC §7.2 (the top bar's bell and /taskCenterBoss). */
import { z } from 'zod';
import { endpoint, OPEN } from './endpoint';
import { idParamOf } from './ids';
import { type Page, pagingQuery } from './paging';

export interface NoticeRow {
  id: number;
  /** 1 = 欠款通知 (arrears), otherwise 付款通知 (payment). */
  type: number;
  msgName: string;
  storeName: string;
  /** Amount in 分, when the notice is about money. */
  amount: number | null;
  isRead: boolean;
  createdAt: string;
}

export interface NoticeDetail extends NoticeRow {
  content: string;
  readAt: string | null;
}

const isReadParam = z
  .enum(['true', 'false'], { error: 'isRead 只能是 true 或 false' })
  .transform((v) => v === 'true')
  .optional();

export const noticeQuery = pagingQuery.extend({ isRead: isReadParam });

export const NOTICE_API = {
  /** The bell: unread count (isRead=false, pageNo 1, pageSize 1). */
  countTaskBoss: endpoint<z.output<typeof noticeQuery>, undefined, number>({
    method: 'GET',
    path: '/rest/taskCenterRest/countTaskBoss',
    access: OPEN,
    query: noticeQuery,
    summary: '付款通知数量',
  }),
  searchTaskBoss: endpoint<z.output<typeof noticeQuery>, undefined, Page<NoticeRow>>({
    method: 'GET',
    path: '/rest/taskCenterRest/searchTaskBoss',
    access: OPEN,
    query: noticeQuery,
    summary: '付款通知列表',
  }),
  /** Opening a notice reads it: it leaves the unread count. */
  getTaskDetailStore: endpoint<{ id: number }, undefined, NoticeDetail>({
    method: 'GET',
    path: '/rest/taskCenterRest/getTaskDetailStore',
    access: OPEN,
    query: z.object({ id: idParamOf('通知') }),
    summary: '付款通知详情（打开即已读）',
  }),
} as const;
