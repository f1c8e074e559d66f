import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { QuickEntry, ShortcutNode } from '@zb/contract/api/auth';
import { SHORTCUT_MAX, SHORTCUTS_PER_ROW } from '@zb/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { renderInProviders } from '../../test/renderApp';
import { ShortcutPicker } from './ShortcutPicker';
import { checkedPages, preselected, tileRows } from './shortcuts';

const TREE: ShortcutNode[] = [
  {
    id: 1,
    name: '商品管理',
    rsrc: 'ZBHT-SPGL',
    children: [
      { id: 11, name: '商品列表', rsrc: 'ZBHT-SPGL:productList', children: [] },
      { id: 12, name: '项目列表', rsrc: 'ZBHT-SPGL:projectList', children: [] },
    ],
  },
  {
    id: 2,
    name: '门店管理',
    rsrc: 'ZBHT-MDGL',
    children: [{ id: 21, name: '门店列表', rsrc: 'ZBHT-MDGL:storeList', children: [] }],
  },
];

const quick = (id: number): QuickEntry => ({ name: `页面${id}`, rsrc: `X:${id}`, resourcesId: id });

describe('shortcut selection', () => {
  it('preselects at most SHORTCUT_MAX existing shortcuts', () => {
    const many = Array.from({ length: SHORTCUT_MAX + 3 }, (_, i) => quick(i + 1));
    expect(preselected(many)).toEqual(many.slice(0, SHORTCUT_MAX).map((q) => q.resourcesId));
  });

  it('saves pages only, never the group nodes', () => {
    expect(checkedPages(TREE, [1, 11, 12, 21])).toEqual([11, 12, 21]);
    expect(checkedPages(TREE, ['12'])).toEqual([12]);
  });

  it('shows at most SHORTCUT_MAX tiles, SHORTCUTS_PER_ROW to a row', () => {
    const rows = tileRows(Array.from({ length: 13 }, (_, i) => i));
    expect(rows).toHaveLength(SHORTCUT_MAX / SHORTCUTS_PER_ROW);
    expect(rows.every((r) => r.length === SHORTCUTS_PER_ROW)).toBe(true);
  });
});

describe('ShortcutPicker', () => {
  it('checking a parent selects its children; unchecking removes them; saves the pages', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const data = String(url).startsWith('/rest/acct/roleResources') ? TREE : [quick(11)];
        if (init?.body) bodies.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ errcode: '0', errmsg: '保存成功', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const onSaved = vi.fn();
    renderInProviders(
      <ShortcutPicker open roleId={7} userId={3} quicks={[quick(21)]} onClose={() => {}} onSaved={onSaved} />,
    );
    await screen.findByText('商品管理');
    await screen.findByText('已选 1 个，首页最多显示 10 个');
    fireEvent.click(screen.getByText('商品管理').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    await screen.findByText('已选 3 个，首页最多显示 10 个');
    fireEvent.click(screen.getByText('门店管理').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    await screen.findByText('已选 2 个，首页最多显示 10 个');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]).toEqual({ roleId: 7, userId: 3, resourcesId: [11, 12] });
  });
});
