/**
 * Project labels (/projectLabelSetList): the master_item rows of category `label`, the same rows
 * /basicProps lists under 标签 and a project's `labelIds` point at. This page is a second view of
 * those rows with the label's own rules: how many projects carry each, 上移/下移, 启用/停用, and
 * setting or removing labels on many projects at once. A label in use cannot be deleted, only
 * disabled (a disabled label leaves the pickers; the projects keep it).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, enableDisableBatch, LOOKUPS } from '../resource/define';
import { PROJECT } from './project';

/** The master_item category of project labels. */
export const LABEL_CATEGORY = 'label';

/** Most labels one project carries (the project form's own limit). */
export const PROJECT_LABELS_MAX = PROJECT.fields.labelIds?.max ?? 10;

/** Most projects one 设置标签 changes. */
export const LABEL_ASSIGN_PROJECTS_MAX = 500;

export const PROJECT_LABEL = defineResource({
  name: 'projectLabel',
  // Labels feed every label select and the project list's 标签 column.
  stale: [LOOKUPS, 'project'],
  title: '项目标签',
  page: '/projectLabelSetList',
  api: '/rest/projectLabel',
  rowLabel: 'name',
  defaultSort: { field: 'sort', dir: 'asc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: enableDisableBatch('停用后新建或编辑项目时不能再选这些标签，已设置的项目保留，确定停用？', { danger: false }),
  fields: {
    name: {
      label: '标签名称',
      type: 'text',
      required: true,
      max: 20,
      list: { width: 160 },
      filter: 'like',
      sort: true,
    },
    code: {
      label: '标签编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '标签编码只能包含字母、数字、下划线和短横线' },
      list: { width: 160 },
      filter: 'like',
    },
    sort: {
      label: '排序',
      type: 'int',
      min: 0,
      max: 9999,
      list: { width: 80 },
      sort: true,
      help: '数字小的排在前面；留空排在最后',
    },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
    },
    projectCount: { label: '项目数', type: 'int', readOnly: true, list: { width: 90 }, sort: true },
  },
});

export const LABEL_ASSIGN_MODES = [
  { value: 'add', label: '添加标签' },
  { value: 'remove', label: '移除标签' },
] as const;

export const assignLabelsBody = z.object({
  projectIds: z
    .array(idOf('项目'), { error: '请选择项目' })
    .min(1, '请选择项目')
    .max(LABEL_ASSIGN_PROJECTS_MAX, `一次最多设置 ${LABEL_ASSIGN_PROJECTS_MAX} 个项目`),
  labelIds: z
    .array(idOf('标签'), { error: '请选择标签' })
    .min(1, '请选择标签')
    .max(PROJECT_LABELS_MAX, `一次最多选择 ${PROJECT_LABELS_MAX} 个标签`),
  mode: z.enum(['add', 'remove'], { error: '请选择添加或移除' }),
});

export type AssignLabels = z.infer<typeof assignLabelsBody>;

export const moveLabelBody = z.object({
  id: idOf('标签'),
  dir: z.enum(['up', 'down'], { error: '请选择上移或下移' }),
});

export const PROJECT_LABEL_API = {
  ...resourceApi(PROJECT_LABEL),
  /** Adds the labels to, or removes them from, each of the projects; answers how many changed. */
  assign: endpoint<undefined, AssignLabels, { count: number }>({
    method: 'POST',
    path: '/rest/projectLabel/assign',
    access: buttonAccess('/projectLabelSetList', 'edit'),
    body: assignLabelsBody,
    summary: '批量设置项目标签',
  }),
  /** Swaps a label with its neighbour in the display order (the order is renumbered 1, 2, 3…). */
  move: endpoint<undefined, z.infer<typeof moveLabelBody>, { count: number }>({
    method: 'POST',
    path: '/rest/projectLabel/move',
    access: buttonAccess('/projectLabelSetList', 'edit'),
    body: moveLabelBody,
    summary: '调整项目标签顺序',
  }),
};
