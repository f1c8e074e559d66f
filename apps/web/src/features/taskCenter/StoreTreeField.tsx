/**
 * The region/store tree a message, a task or a 盘点通知 is sent to (getStoreTree), the choice it
 * makes (whole regions and single stores, as the server takes it) and its store count
 * (getTreeStoreCount).
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreTreeRegion, TreeChoice } from '@zb/contract/api/taskCenter';
import { Form, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { fetchStoreTree, fetchTreeCount, TASK_KEYS } from './api';

/** Checked tree keys → whole regions (every store checked) and single stores. */
export const choiceOf = (
  checked: readonly string[],
  tree: { key: string; regionId: number; children: { key: string; storeId: number }[] }[],
): TreeChoice => {
  const set = new Set(checked);
  const regionIds: number[] = [];
  const storeIds: number[] = [];
  for (const r of tree) {
    if (r.children.length > 0 && r.children.every((s) => set.has(s.key))) regionIds.push(r.regionId);
    else for (const s of r.children) if (set.has(s.key)) storeIds.push(s.storeId);
  }
  return { regionIds, storeIds };
};

/** The tree's state: the checked keys (from the stores already chosen) and the choice they make. */
export const useStoreTree = (initialStoreIds: readonly number[]) => {
  const tree = useQuery({ queryKey: TASK_KEYS.tree, queryFn: fetchStoreTree });
  const [checked, setChecked] = useState<string[]>(() => initialStoreIds.map((id) => `store-${id}`));
  const choice = useMemo(() => choiceOf(checked, tree.data ?? []), [checked, tree.data]);
  const count = useQuery({
    queryKey: TASK_KEYS.count(choice),
    queryFn: () => fetchTreeCount(choice),
    enabled: choice.regionIds.length + choice.storeIds.length > 0,
  });
  return { tree, checked, setChecked, choice, count };
};

export type StoreTreeState = ReturnType<typeof useStoreTree>;

const nodes = (regions: readonly StoreTreeRegion[]) =>
  regions.map((r) => ({
    key: r.key,
    title: `${r.title}（${r.children.length}）`,
    children: r.children.map((s) => ({ key: s.key, title: `${s.title} ${s.code}` })),
  }));

export function StoreTreeField({ state, label, error }: { state: StoreTreeState; label: string; error?: string }) {
  const { tree, checked, setChecked, choice, count } = state;
  const none = choice.regionIds.length + choice.storeIds.length === 0;
  return (
    <Form.Item
      label={`${label}（已选 ${none ? 0 : (count.data ?? '…')} 家）`}
      required
      {...(error ? { validateStatus: 'error' as const, help: error } : {})}
    >
      {tree.isLoading ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', padding: 8 }}>
          <Tree
            checkable
            defaultExpandAll={false}
            treeData={nodes(tree.data ?? [])}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as string[])}
          />
        </div>
      )}
    </Form.Item>
  );
}
