/** 设置快捷入口: a checkable tree of the role's pages; a parent checks its children; saved through AUTH_API.saveShortcuts. */
import { AUTH_API, type QuickEntry, type ShortcutNode } from '@zb/contract/api/auth';
import { SHORTCUT_MAX } from '@zb/contract/constants';
import { Modal, Spin, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../http';
import { useThrottledSubmit } from '../throttle';
import { checkedPages, preselected } from './shortcuts';

interface Props {
  open: boolean;
  roleId: number;
  userId: number;
  quicks: readonly QuickEntry[];
  onClose: () => void;
  onSaved: (quicks: QuickEntry[]) => void;
}

type TreeData = { key: number; title: string; children: TreeData[] };
const toTreeData = (nodes: readonly ShortcutNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: toTreeData(n.children) }));

export function ShortcutPicker({ open, roleId, userId, quicks, onClose, onSaved }: Props) {
  const [tree, setTree] = useState<ShortcutNode[] | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setChecked(preselected(quicks));
    call(AUTH_API.shortcutTree, { query: { roleId } })
      .then(setTree)
      .catch(() => setTree([]));
  }, [open, roleId, quicks]);

  const pages = useMemo(() => (tree ? checkedPages(tree, checked) : []), [tree, checked]);
  const treeData = useMemo(() => toTreeData(tree ?? []), [tree]);

  const save = useThrottledSubmit(async () => {
    setSaving(true);
    try {
      onSaved(await call(AUTH_API.saveShortcuts, { body: { roleId, userId, resourcesId: pages } }));
      onClose();
    } catch {
      // The http client showed the 警告.
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal title="设置快捷入口" open={open} onOk={save} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Typography.Paragraph type={pages.length > SHORTCUT_MAX ? 'danger' : 'secondary'}>
        已选 {pages.length} 个，首页最多显示 {SHORTCUT_MAX} 个
      </Typography.Paragraph>
      {tree === null ? (
        <Spin />
      ) : (
        <Tree<TreeData>
          checkable
          defaultExpandAll
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
          style={{ maxHeight: 420, overflow: 'auto' }}
        />
      )}
    </Modal>
  );
}
