/** Right of /hierarchicalArchitecture: a content's roles (添加角色, 移除) and the selected role's members. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ContentRoleNode, HIER_BUTTONS } from '@zb/contract/api/hierarchy';
import { Button, Card, Empty, Select, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { HIER_KEYS, hierApi } from './api';
import { MembersPanel } from './MembersPanel';
import { attempt } from './NameDialog';

interface Props {
  hierId: number;
  contentId: number;
}

export function ContentPanel({ hierId, contentId }: Props) {
  const queryClient = useQueryClient();
  const canAdd = useCan(HIER_BUTTONS.arch.add);
  const canDelete = useCan(HIER_BUTTONS.arch.delete);
  const [openRole, setOpenRole] = useState<number | null>(null);
  const [toOffer, setToOffer] = useState<number | undefined>();
  const tree = useQuery({ queryKey: HIER_KEYS.content(hierId), queryFn: () => hierApi.content(hierId) });
  const boxRoles = useQuery({
    queryKey: HIER_KEYS.roles(hierId),
    queryFn: () => hierApi.roles(hierId),
    enabled: canAdd,
  });
  const content = tree.data?.find((c) => c.id === contentId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HIER_KEYS.all });

  if (tree.isLoading) return <Card size="small" loading />;
  if (!content) return <Empty description="该节点不存在或已删除" />;

  const offered = new Set(content.roles.map((r) => r.roleId));
  const offerable = (boxRoles.data ?? []).filter((r) => !offered.has(r.id));
  const open = content.roles.find((r) => r.contentRoleId === openRole);

  const removeOffer = async (r: ContentRoleNode) => {
    if (!(await confirm('确定删除？'))) return;
    if (await attempt(() => hierApi.deleteOffer(r.contentRoleId))) {
      if (openRole === r.contentRoleId) setOpenRole(null);
      refresh();
    }
  };

  const addOffer = async () => {
    if (toOffer === undefined) return;
    if (await attempt(() => hierApi.addOffer(content.id, toOffer))) {
      setToOffer(undefined);
      refresh();
    }
  };

  const columns: TableProps<ContentRoleNode>['columns'] = [
    { title: '角色名称', dataIndex: 'roleName' },
    { title: '编码', dataIndex: 'roleCode', width: 150 },
    { title: '成员数', dataIndex: 'memberCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenRole(r.contentRoleId)}>
            成员
          </Button>
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => void removeOffer(r)}>
              移除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`节点：${content.name}`}
        extra={
          canAdd && (
            <Space size={4}>
              <Select
                aria-label="选择要添加的角色"
                size="small"
                style={{ width: 180 }}
                placeholder="选择要添加的角色"
                value={toOffer}
                onChange={setToOffer}
                notFoundContent="本层级的角色都已添加"
                options={offerable.map((r) => ({ value: r.id, label: r.name }))}
              />
              <Button size="small" disabled={toOffer === undefined} onClick={() => void addOffer()}>
                添加角色
              </Button>
            </Space>
          )
        }
      >
        <Table<ContentRoleNode>
          rowKey="contentRoleId"
          size="small"
          columns={columns}
          dataSource={content.roles}
          locale={{ emptyText: '该节点暂无角色' }}
          pagination={false}
          rowClassName={(r) => (r.contentRoleId === openRole ? 'ant-table-row-selected' : '')}
        />
      </Card>
      {open && (
        <MembersPanel
          key={open.contentRoleId}
          contentRoleId={open.contentRoleId}
          title={`${content.name} · ${open.roleName}`}
        />
      )}
    </Space>
  );
}
