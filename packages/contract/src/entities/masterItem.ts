/** /basicProps: the lookup lists (SPEC §7.3) an administrator edits; one row per item. */
import { MASTER_CATEGORIES, MASTER_PARENT, type MasterCategory } from '../api/master';
import { defineResource, enableDisableBatch, LOOKUPS } from '../resource/define';

export const MASTER_CATEGORY_OPTIONS = Object.entries(MASTER_CATEGORIES).map(([value, label]) => ({ value, label }));

/** Categories whose items hang under an item of another category (a level under a position). */
export const isSubCategory = (category: string): boolean => category in MASTER_PARENT;

export const parentCategoryOf = (category: string): MasterCategory | undefined =>
  MASTER_PARENT[category as MasterCategory];

export const MASTER_ITEM = defineResource({
  name: 'masterItem',
  stale: [LOOKUPS],
  title: '基础属性',
  page: '/basicProps',
  api: '/rest/basicProps',
  rowLabel: 'name',
  defaultSort: { field: 'category', dir: 'asc', thenBy: 'sort' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  batch: enableDisableBatch('停用后下拉选项中不再出现，确定停用？', { danger: false }),
  fields: {
    category: {
      label: '类别',
      type: 'enum',
      options: MASTER_CATEGORY_OPTIONS,
      required: true,
      createOnly: true,
      list: { width: 120 },
      filter: 'eq',
      sort: true,
    },
    parentId: {
      label: '上级项目',
      type: 'int',
      createOnly: true,
      min: 1,
      help: '员工职级、门店子类型、项目子类型须选择上级项目',
    },
    parentName: { label: '上级项目', type: 'text', readOnly: true, list: { width: 120 } },
    code: {
      label: '编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 40,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '编码只能包含字母、数字、下划线和短横线' },
      list: { width: 140 },
      filter: 'like',
    },
    name: { label: '名称', type: 'text', required: true, max: 40, list: true, filter: 'like', sort: true },
    sort: { label: '排序', type: 'int', min: 0, max: 9999, default: 0, list: { width: 90 }, sort: true },
    enabled: {
      label: '状态',
      type: 'bool',
      boolLabels: { yes: '启用', no: '停用', color: 'green' },
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
  },
});
