import type { ResourceNode } from '@zb/contract/api/resources';
import { describe, expect, it } from 'vitest';
import { categoryKey, checkState, indexTree, toAuthTree, toggle } from './authTree';

const node = (id: number, kind: ResourceNode['kind'], over: Partial<ResourceNode> = {}): ResourceNode => ({
  id,
  code: `C${id}`,
  kind,
  name: `资源${id}`,
  description: '',
  parentCode: null,
  sort: id,
  defaultName: `资源${id}`,
  defaultDescription: '',
  edited: false,
  path: null,
  category: null,
  children: [],
  ...over,
});

/** 基础管理(1): 账号与权限 → 资源管理(10: 编辑 100, 删除 101), 门店快捷入口(11); 业务配置 → 基础属性(12). */
const groups: ResourceNode[] = [
  node(1, 'group', {
    code: 'ZBHT-JCGL',
    name: '基础管理',
    children: [
      node(10, 'page', {
        name: '资源管理',
        category: '账号与权限',
        children: [node(100, 'button', { name: '编辑' }), node(101, 'button', { name: '删除' })],
      }),
      node(12, 'page', { name: '基础属性', category: '业务配置' }),
      node(11, 'page', { name: '门店快捷入口', category: '账号与权限' }),
    ],
  }),
];

const tree = toAuthTree(groups);
const index = indexTree(tree);
const ACCOUNTS = categoryKey('ZBHT-JCGL', '账号与权限');

describe('the authorization tree', () => {
  it('groups pages by category, in the order of their first page, with buttons under pages', () => {
    const [group] = tree;
    expect(group!.children.map((c) => c.title)).toEqual(['账号与权限', '业务配置']);
    expect(group!.children[0]!.children.map((p) => p.title)).toEqual(['资源管理', '门店快捷入口']);
    expect(group!.children[0]!.children[0]!.children.map((b) => [b.key, b.kind])).toEqual([
      ['100', 'button'],
      ['101', 'button'],
    ]);
    expect(group!.children[0]!).toMatchObject({ key: ACCOUNTS, id: null, kind: 'category' });
  });

  it('shows held ids as checked when whole, half-checked when partly held', () => {
    const state = checkState(tree, new Set([1, 10, 100, 11]));
    expect(state.checked.sort()).toEqual(['100', '11']);
    expect(state.halfChecked.sort()).toEqual(['1', '10', ACCOUNTS].sort());
    const whole = checkState(tree, new Set([1, 10, 100, 101, 11, 12]));
    expect(whole.checked).toContain('1');
    expect(whole.halfChecked).toEqual([]);
  });

  it('checking a button brings its page and group; checking a category brings all of it', () => {
    expect([...toggle(new Set(), '101', true, index)].sort((a, b) => a - b)).toEqual([1, 10, 101]);
    expect([...toggle(new Set(), ACCOUNTS, true, index)].sort((a, b) => a - b)).toEqual([1, 10, 11, 100, 101]);
  });

  it('unchecking a page drops its buttons, and the group goes with its last page', () => {
    const held = new Set([1, 10, 100, 101, 12]);
    expect([...toggle(held, '10', false, index)].sort((a, b) => a - b)).toEqual([1, 12]);
    expect([...toggle(new Set([1, 12]), '12', false, index)]).toEqual([]);
    // A page may be held without its buttons.
    expect([...toggle(held, '100', false, index)].sort((a, b) => a - b)).toEqual([1, 10, 12, 101]);
  });
});
