/**
 * Mini-program goods (/XCXConfig 小程序商品配置): which products, projects and cards the
 * mini-program shows, under which tab and category, in which order, and which are recommended.
 * The page has only the 编辑 button: it adds, changes and removes items. Goods off sale cannot be
 * shown (an item may stay, hidden); each goods shows once per tab.
 */
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { createdAtField } from './goodsCommon';
import { goodsIdField, goodsInfoFields, goodsKindField } from './goodsRef';

export const MINI_PROGRAM_TABS = [
  { value: 'home', label: '首页', color: 'red' },
  { value: 'mall', label: '商城', color: 'cyan' },
  { value: 'booking', label: '预约', color: 'blue' },
  { value: 'cards', label: '会员卡', color: 'gold' },
] as const;

export type MiniProgramTab = (typeof MINI_PROGRAM_TABS)[number]['value'];

export const MINI_PROGRAM_SORT_MAX = 9999;

export const MINI_PROGRAM_ITEM = defineResource({
  name: 'miniProgramItem',
  title: '小程序商品',
  page: '/XCXConfig',
  api: '/rest/xcxConfig',
  rowLabel: 'goodsName',
  defaultSort: { field: 'sort', dir: 'asc' },
  sections: ['商品', '展示'],
  actions: { create: true, update: true, delete: 'hard' },
  // The page has only 编辑: it adds and removes items with it.
  buttons: { add: 'edit', delete: 'edit' },
  fields: {
    goodsKind: goodsKindField(['product', 'project', 'card'], '商品'),
    goodsId: { ...goodsIdField('商品/项目/卡项', '商品'), help: '停售的商品不能在小程序展示' },
    ...goodsInfoFields('商品'),
    tab: {
      label: '展示位置',
      type: 'enum',
      options: MINI_PROGRAM_TABS,
      required: true,
      default: 'home',
      list: { width: 90 },
      filter: 'eq',
      sort: true,
      section: '展示',
    },
    category: {
      label: '分类',
      type: 'text',
      max: 20,
      list: { width: 110 },
      filter: 'like',
      section: '展示',
      placeholder: '例如 洗护、头皮护理',
    },
    sort: {
      label: '排序',
      type: 'int',
      required: true,
      min: 0,
      max: MINI_PROGRAM_SORT_MAX,
      default: 0,
      list: { width: 70 },
      sort: true,
      section: '展示',
      help: '数字小的排在前面',
    },
    recommended: {
      label: '推荐',
      type: 'bool',
      boolLabels: { yes: '推荐', no: '否', color: 'red' },
      required: true,
      default: false,
      list: { width: 70 },
      filter: 'eq',
      section: '展示',
    },
    visible: {
      label: '展示',
      type: 'bool',
      boolLabels: { yes: '展示', no: '隐藏', color: 'green' },
      required: true,
      default: true,
      list: { width: 70 },
      filter: 'eq',
      section: '展示',
    },
    createdAt: createdAtField('展示'),
  },
});

export const MINI_PROGRAM_API = resourceApi(MINI_PROGRAM_ITEM);
