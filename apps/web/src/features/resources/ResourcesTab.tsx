/** 资源: every group, page and button with its name, tip and order; search, 编辑 and 重置. */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { ResourceItem, ResourceNode } from '@zb/contract/api/resources';
import { Button, Empty, Input, Space, Table, type TableProps, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import {
  fetchResourceTree,
  RESOURCE_KEYS,
  type ResourceEdit,
  resetMenuEntry,
  saveResource,
  searchResources,
} from './api';
import { ResourceEditModal } from './ResourceEditModal';

const KIND = { group: ['菜单分组', 'blue'], page: ['页面', 'green'], button: ['按钮', 'default'] } as const;

type Row = ResourceItem & { children?: Row[]; trail?: string[] };

/** antd shows an expander for any children array: leaves get none. */
const toRows = (nodes: readonly ResourceNode[]): Row[] =>
  nodes.map(({ children, ...item }) => (children.length ? { ...item, children: toRows(children) } : item));

export function ResourcesTab() {
  const client = useQueryClient();
  const canEdit = useCan(buttonCodeOf('/resourceList', 'edit'));
  const canReset = useCan(buttonCodeOf('/resourceList', 'delete'));
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<ResourceItem | null>(null);
  const tree = useQuery({ queryKey: RESOURCE_KEYS.tree, queryFn: fetchResourceTree, enabled: !keyword });
  const hits = useQuery({
    queryKey: RESOURCE_KEYS.search(keyword),
    queryFn: () => searchResources(keyword),
    enabled: !!keyword,
  });
  const refresh = () => client.invalidateQueries({ queryKey: RESOURCE_KEYS.all });
  const save = useMutation({
    mutationFn: ({ edit, menuEntry }: { edit: ResourceEdit; menuEntry: boolean }) => saveResource(edit, menuEntry),
    onSuccess: () => {
      setEditing(null);
      void refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (r: ResourceItem) =>
      r.kind === 'button'
        ? saveResource({ id: r.id, name: r.defaultName, description: r.defaultDescription }, false)
        : resetMenuEntry(r.id),
    onSuccess: () => void refresh(),
  });
  const askReset = async (r: ResourceItem) => {
    if (await confirm(`确定将「${r.name}」恢复为默认名称「${r.defaultName}」、默认提示与排序？`)) reset.mutate(r);
  };

  const columns: TableProps<Row>['columns'] = [
    {
      title: '名称',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space size={4}>
          <span>{name}</span>
          {r.edited && (
            <Tooltip title={`默认：${r.defaultName}`}>
              <Tag color="orange">已修改</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: Row['kind']) => <Tag color={KIND[k][1]}>{KIND[k][0]}</Tag>,
    },
    { title: '编码', dataIndex: 'code', width: 280 },
    { title: '提示', dataIndex: 'description', render: (d: string) => d || '—' },
    ...(keyword ? [{ title: '所属', key: 'trail', render: (_: unknown, r: Row) => r.trail?.join(' / ') || '—' }] : []),
    { title: '排序', dataIndex: 'sort', width: 80, render: (s: number, r: Row) => (r.kind === 'button' ? '—' : s) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )}
          {r.edited && (r.kind === 'button' ? canEdit : canReset) && (
            <Button type="link" size="small" onClick={() => askReset(r)}>
              重置
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const rows: Row[] = keyword ? (hits.data ?? []) : toRows(tree.data ?? []);
  return (
    <div>
      <Input.Search
        aria-label="搜索资源"
        placeholder="按名称、编码或提示搜索"
        allowClear
        enterButton="查询"
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Table<Row>
        rowKey="code"
        size="middle"
        loading={keyword ? hits.isFetching : tree.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={keyword ? '没有匹配的资源' : '暂无资源'} /> }}
      />
      <ResourceEditModal
        item={editing}
        saving={save.isPending}
        onSave={(edit, menuEntry) => save.mutate({ edit, menuEntry })}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
