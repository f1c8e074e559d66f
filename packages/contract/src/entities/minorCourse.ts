/**
 * Minor healing projects (/minorHealingProjectList 小疗程项目): one project bought as a number of
 * sessions at a course price (分), valid for a number of days; a project may have several courses
 * (5 次, 10 次), never two with the same number of sessions. Off-sale projects get no new course; a
 * course on sale cannot be deleted, only taken off sale.
 */
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { createdAtField, goodsCodeField, MONEY_MAX, saleBatch, saleStatusField } from './goodsCommon';

export const MINOR_COURSE = defineResource({
  name: 'minorCourse',
  title: '小疗程',
  page: '/minorHealingProjectList',
  api: '/rest/minorCourse',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: saleBatch('小疗程', 'edit'),
  fields: {
    code: goodsCodeField('疗程编码'),
    name: {
      label: '疗程名称',
      type: 'text',
      required: true,
      max: 60,
      list: { width: 180 },
      filter: 'like',
      sort: true,
    },
    projectId: { label: '项目', type: 'int', required: true, min: 1, formOnly: true },
    projectName: { label: '项目', type: 'text', readOnly: true, list: { width: 160 }, filter: 'like', sort: true },
    sessions: {
      label: '次数',
      type: 'int',
      required: true,
      min: 1,
      max: 999,
      default: 10,
      list: { width: 80 },
      sort: true,
    },
    price: {
      label: '疗程价',
      type: 'money',
      required: true,
      max: MONEY_MAX,
      list: { width: 110 },
      filter: 'range',
      sort: true,
    },
    listTotal: {
      label: '原价合计',
      type: 'money',
      readOnly: true,
      list: { width: 110 },
      help: '项目价格 × 次数',
    },
    sessionPrice: { label: '折合每次', type: 'money', readOnly: true, list: { width: 100 } },
    validityDays: {
      label: '有效期（天）',
      type: 'int',
      required: true,
      min: 1,
      max: 3650,
      default: 180,
      list: { width: 100 },
      sort: true,
    },
    status: saleStatusField(),
    createdAt: createdAtField(),
  },
});

export const MINOR_COURSE_API = resourceApi(MINOR_COURSE);
