/** The roles of one box: 名称, 编码, 成员数, 操作 (改名, 删除, 成员, 分配权限), and 新增角色. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HIER_BUTTONS, type HierBox, type HierRole, ROLE_DESCRIPTION_MAX } from '@zb/contract/api/hierarchy';
import { Button, Form, Input, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { HIER_KEYS, hierApi } from './api';
import { attempt, NameDialog } from './NameDialog';
import { RoleMembersDrawer } from './RoleMembersDrawer';

/** Where 分配权限 goes: the role-resource tree of /resourceList. */
export const assignPath = (roleId: number): string => `/resourceList?tab=role&roleId=${roleId}`;

type Dialog = { kind: 'add' } | { kind: 'rename'; role: HierRole } | { kind: 'members'; role: HierRole } | null;

export function RolesTable({ box }: { box: HierBox }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canAdd = useCan(HIER_BUTTONS.roles.add);
  const canEdit = useCan(HIER_BUTTONS.roles.edit);
  const canDelete = useCan(HIER_BUTTONS.roles.delete);
  const [dialog, setDialog] = useState<Dialog>(null);
  const roles = useQuery({ queryKey: HIER_KEYS.roles(box.id), queryFn: () => hierApi.roles(box.id) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HIER_KEYS.all });

  const remove = async (r: HierRole) => {
    if (!(await confirm('确定删除？'))) return;
    if (await attempt(() => hierApi.deleteRole(r.id))) refresh();
  };

  const columns: TableProps<HierRole>['columns'] = [
    { title: '名称', dataIndex: 'name' },
    { title: '编码', dataIndex: 'code', width: 160 },
    { title: '说明', dataIndex: 'description', ellipsis: true },
    { title: '成员数', dataIndex: 'memberCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'rename', role: r })}>
              改名
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => void remove(r)}>
              删除
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'members', role: r })}>
            成员
          </Button>
          <Button type="link" size="small" onClick={() => navigate(assignPath(r.id))}>
            分配权限
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {canAdd && (
        <div style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
            新增角色
          </Button>
        </div>
      )}
      <Table<HierRole>
        rowKey="id"
        size="middle"
        loading={roles.isFetching}
        columns={columns}
        dataSource={roles.data ?? []}
        locale={{ emptyText: '该层级暂无角色' }}
        pagination={false}
      />
      {dialog?.kind === 'add' && (
        <NameDialog
          title={`新增角色：${box.name}`}
          label="角色名称"
          extra={
            <Form.Item
              name="description"
              label="角色说明"
              rules={[{ max: ROLE_DESCRIPTION_MAX, message: `角色说明最多 ${ROLE_DESCRIPTION_MAX} 个字符` }]}
            >
              <Input.TextArea rows={2} maxLength={ROLE_DESCRIPTION_MAX} placeholder="选填" />
            </Form.Item>
          }
          onSubmit={async (v) => {
            const ok = await attempt(() => hierApi.addRole(box.id, v.name, String(v.description ?? '').trim()));
            if (ok) refresh();
            return ok;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title="角色改名"
          label="角色名称"
          initial={dialog.role.name}
          onSubmit={async (v) => {
            const ok = await attempt(() => hierApi.renameRole(dialog.role.id, v.name));
            if (ok) refresh();
            return ok;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'members' && <RoleMembersDrawer role={dialog.role} onClose={() => setDialog(null)} />}
    </>
  );
}
