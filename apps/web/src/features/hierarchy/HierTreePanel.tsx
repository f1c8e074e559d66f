/** Left of /hierarchicalArchitecture: the boxes and their contents as a tree, a search, 新增层级/新增节点/删除. */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { HIER_BUTTONS } from '@zb/contract/api/hierarchy';
import { HIER_LEVELS, type HierLevel } from '@zb/contract/constants';
import { Button, Card, Empty, Form, Input, Select, Space, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { AddContentDialog } from './AddContentDialog';
import { HIER_KEYS, hierApi } from './api';
import { attempt, NameDialog } from './NameDialog';
import { boxKey, buildSearchTree, buildTree, keyOf, parseKey, type Selection } from './tree';

interface Props {
  selected: Selection;
  onSelect: (s: Selection) => void;
}

const LEVEL_OPTIONS = (Object.keys(HIER_LEVELS) as HierLevel[]).map((k) => ({ value: k, label: HIER_LEVELS[k] }));

export function HierTreePanel({ selected, onSelect }: Props) {
  const queryClient = useQueryClient();
  const canAdd = useCan(HIER_BUTTONS.arch.add);
  const canDelete = useCan(HIER_BUTTONS.arch.delete);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<'box' | 'content' | null>(null);

  const boxes = useQuery({ queryKey: HIER_KEYS.boxes, queryFn: hierApi.boxes });
  const openBoxIds = expanded.map(parseKey).flatMap((s) => (s?.kind === 'box' ? [s.id] : []));
  const contents = useQueries({
    queries: openBoxIds.map((id) => ({ queryKey: HIER_KEYS.content(id), queryFn: () => hierApi.content(id) })),
  });
  const search = useQuery({
    queryKey: HIER_KEYS.search(keyword),
    queryFn: () => hierApi.search(keyword),
    enabled: keyword !== '',
  });

  const loaded = useMemo(() => {
    const m = new Map<number, NonNullable<(typeof contents)[number]['data']>>();
    openBoxIds.forEach((id, i) => {
      const data = contents[i]?.data;
      if (data) m.set(id, data);
    });
    return m;
  }, [openBoxIds, contents]);

  const searching = keyword !== '';
  const searchTree = useMemo(() => buildSearchTree(search.data ?? []), [search.data]);
  const treeData = searching ? searchTree.tree : buildTree(boxes.data ?? [], loaded);

  const selectedBox =
    selected?.kind === 'box'
      ? boxes.data?.find((b) => b.id === selected.id)
      : selected?.kind === 'content'
        ? boxes.data?.find((b) => b.id === selected.hierId)
        : undefined;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: HIER_KEYS.all });

  const remove = async () => {
    if (!selected || !(await confirm('确定删除？'))) return;
    const ok = await attempt(() =>
      selected.kind === 'box' ? hierApi.deleteBox(selected.id) : hierApi.deleteContent(selected.id),
    );
    if (ok) {
      onSelect(null);
      if (selected.kind === 'box') {
        // A deleted box's contents must not be asked for again.
        setExpanded((keys) => keys.filter((k) => k !== boxKey(selected.id)));
        queryClient.removeQueries({ queryKey: HIER_KEYS.content(selected.id) });
      }
      refresh();
    }
  };

  return (
    <Card
      size="small"
      title="层级架构"
      extra={
        <Space size={4}>
          {canAdd && (
            <Button size="small" type="primary" onClick={() => setDialog('box')}>
              新增层级
            </Button>
          )}
          {canAdd && (
            <Button size="small" disabled={!selectedBox} onClick={() => setDialog('content')}>
              新增节点
            </Button>
          )}
          {canDelete && (
            <Button size="small" danger disabled={!selected} onClick={() => void remove()}>
              删除
            </Button>
          )}
        </Space>
      }
    >
      <Input.Search
        placeholder="搜索节点名称"
        allowClear
        maxLength={30}
        onSearch={(v) => setKeyword(v.trim())}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={boxes.isLoading || search.isFetching}>
        {treeData.length === 0 && !boxes.isLoading ? (
          <Empty description={searching ? '没有匹配的节点' : '暂无层级'} />
        ) : (
          <Tree
            blockNode
            treeData={treeData}
            expandedKeys={searching ? searchTree.expandedKeys : expanded}
            onExpand={(keys) => !searching && setExpanded(keys.map(String))}
            selectedKeys={selected ? [keyOf(selected)!] : []}
            onSelect={(keys) => {
              const s = parseKey(keys[0] as string | undefined);
              onSelect(s);
              if (s?.kind === 'box' && !searching && !expanded.includes(boxKey(s.id))) {
                setExpanded([...expanded, boxKey(s.id)]);
              }
            }}
          />
        )}
      </Spin>
      {dialog === 'box' && (
        <NameDialog
          title="新增层级"
          label="层级名称"
          extra={
            <Form.Item name="level" label="数据层级" rules={[{ required: true, message: '请选择数据层级' }]}>
              <Select placeholder="请选择数据层级" options={LEVEL_OPTIONS} />
            </Form.Item>
          }
          onSubmit={async (v) => {
            const ok = await attempt(() => hierApi.addBox(v.name, v.level as HierLevel));
            if (ok) refresh();
            return ok;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'content' && selectedBox && (
        <AddContentDialog box={selectedBox} onAdded={refresh} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
