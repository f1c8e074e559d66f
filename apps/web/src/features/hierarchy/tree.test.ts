import type { ContentNode, HierBox } from '@zb/contract/api/hierarchy';
import { describe, expect, it } from 'vitest';
import { buildSearchTree, buildTree, keyOf, parseKey } from './tree';

const box = (id: number, name: string, level: HierBox['level'], contentCount: number): HierBox => ({
  id,
  name,
  level,
  levelName: { hq: '总部', region: '大区', store: '门店' }[level],
  contentCount,
  roleCount: 0,
  memberCount: 0,
});

const content = (hierId: number, id: number, name: string): ContentNode => ({
  id,
  hierId,
  name,
  regionId: null,
  storeId: null,
  roles: [],
});

describe('buildTree', () => {
  it('shows every box with its level and count, and the contents of the boxes loaded so far', () => {
    const tree = buildTree(
      [box(1, '总部', 'hq', 1), box(2, '大区', 'region', 2), box(3, '空层级', 'store', 0)],
      new Map([[2, [content(2, 10, '华东大区'), content(2, 11, '华南大区')]]]),
    );
    expect(tree.map((n) => [n.key, n.title, n.isLeaf])).toEqual([
      ['box:1', '总部（总部·1）', false],
      ['box:2', '大区（大区·2）', false],
      ['box:3', '空层级（门店·0）', true],
    ]);
    // Not loaded yet: no children, so the tree offers to open it.
    expect(tree[0]!.children).toBeUndefined();
    expect(tree[1]!.children).toEqual([
      { key: 'content:2:10', title: '华东大区', isLeaf: true },
      { key: 'content:2:11', title: '华南大区', isLeaf: true },
    ]);
  });
});

describe('buildSearchTree', () => {
  it('groups hits under their boxes, all open', () => {
    const { tree, expandedKeys } = buildSearchTree([
      { id: 20, name: '上海徐汇店', hierId: 3, hierName: '门店', level: 'store' },
      { id: 10, name: '华东大区', hierId: 2, hierName: '大区', level: 'region' },
      { id: 21, name: '上海静安店', hierId: 3, hierName: '门店', level: 'store' },
    ]);
    expect(expandedKeys).toEqual(['box:3', 'box:2']);
    expect(tree[0]!.children!.map((c) => c.key)).toEqual(['content:3:20', 'content:3:21']);
    expect(tree[1]!.children!.map((c) => c.title)).toEqual(['华东大区']);
    expect(buildSearchTree([])).toEqual({ tree: [], expandedKeys: [] });
  });
});

describe('parseKey and keyOf', () => {
  it('read back what they write; anything else is no selection', () => {
    expect(parseKey('box:7')).toEqual({ kind: 'box', id: 7 });
    expect(parseKey('content:2:10')).toEqual({ kind: 'content', hierId: 2, id: 10 });
    expect(keyOf({ kind: 'content', hierId: 2, id: 10 })).toBe('content:2:10');
    expect(keyOf(null)).toBeNull();
    for (const bad of [undefined, null, '', 'box:', 'content:10', 'role:1', 'box:1:2']) {
      expect(parseKey(bad), String(bad)).toBeNull();
    }
  });
});
