/**
 * Mini-program content (issue 16): 软文 — rich-text articles with a cover, summary and category,
 * moving 草稿 → 已发布 → 已下线 (and back to 已发布) by 批量发布 / 批量下线, their reads counted
 * through the open API (OPEN_PATHS.softTextReads) when the mini-program opens one. The editor's
 * HTML is sanitised by the server before it is stored (an allow-list of tags and attributes).
 */
import { z } from 'zod';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { outerNoSchema, sentAtSchema } from './bill';

export const SOFT_TEXT_CATEGORIES = [
  { value: 'knowledge', label: '护发知识' },
  { value: 'event', label: '门店活动' },
  { value: 'brand', label: '品牌故事' },
  { value: 'benefit', label: '会员福利' },
] as const satisfies readonly EnumOption[];

export const SOFT_TEXT_STATUSES = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'published', label: '已发布', color: 'green' },
  { value: 'offline', label: '已下线', color: 'orange' },
] as const satisfies readonly EnumOption[];
export type SoftTextStatus = (typeof SOFT_TEXT_STATUSES)[number]['value'];

/** Most characters of an article's HTML as sent (before sanitising). */
export const SOFT_TEXT_HTML_MAX = 100_000;

export const SOFT_TEXT = defineResource({
  name: 'softText',
  title: '软文',
  page: '/stManagement',
  detailPage: '/newSoftText',
  api: '/rest/softText',
  rowLabel: 'title',
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  sections: ['基本信息', '正文'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: [
    { key: 'publish', label: '批量发布', button: 'edit', confirm: '发布后小程序即可看到这些软文。确定发布？' },
    {
      key: 'offline',
      label: '批量下线',
      button: 'edit',
      danger: true,
      confirm: '下线后小程序不再展示这些软文，阅读数保留。确定下线？',
    },
  ],
  fields: {
    title: {
      label: '标题',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 260, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    category: {
      label: '分类',
      type: 'enum',
      options: SOFT_TEXT_CATEGORIES,
      required: true,
      default: 'knowledge',
      list: { width: 100 },
      filter: 'eq',
    },
    cover: { label: '封面图', type: 'images', max: 1, list: { width: 90 } },
    summary: { label: '摘要', type: 'textarea', max: 200, export: true },
    status: {
      label: '状态',
      type: 'enum',
      options: SOFT_TEXT_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    publishedAt: {
      label: '发布时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    reads: { label: '阅读数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
    updatedAt: { label: '更新时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    content: {
      label: '正文',
      type: 'textarea',
      required: true,
      max: SOFT_TEXT_HTML_MAX,
      formOnly: true,
      section: '正文',
      help: '保存时会去除脚本、样式与事件属性等不安全内容',
    },
  },
});

export const SOFT_TEXT_API = resourceApi(SOFT_TEXT);

/** POST /open/v1/softTextReads: the mini-program opened article `id` (counted once per `readNo`). */
export const openSoftTextReadBody = z.object({
  readNo: outerNoSchema,
  id: z.number({ error: '请填写软文编号' }).int().positive('软文编号无效'),
  at: sentAtSchema,
});
export type OpenSoftTextReadBody = z.output<typeof openSoftTextReadBody>;

export interface OpenSoftTextReadAnswer {
  id: number;
  reads: number;
  replayed: boolean;
}
