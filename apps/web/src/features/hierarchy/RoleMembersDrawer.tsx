/** 成员 on /hierarchicalRoles: everyone holding the role, in every content that offers it. */
import { useQuery } from '@tanstack/react-query';
import type { HierRole, RoleMember } from '@zb/contract/api/hierarchy';
import { Drawer, Table, type TableProps, Tag } from 'antd';
import { HIER_KEYS, hierApi } from './api';

const columns: TableProps<RoleMember>['columns'] = [
  { title: '节点', dataIndex: 'contentName', width: 120 },
  { title: '账号', dataIndex: 'loginName', width: 130 },
  { title: '姓名', dataIndex: 'nickname', width: 90 },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  {
    title: '状态',
    dataIndex: 'enabled',
    width: 70,
    render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

export function RoleMembersDrawer({ role, onClose }: { role: HierRole; onClose: () => void }) {
  const members = useQuery({
    queryKey: HIER_KEYS.members({ roleId: role.id }),
    queryFn: () => hierApi.members({ roleId: role.id }),
  });
  return (
    <Drawer open title={`角色成员：${role.name}`} size={640} onClose={onClose}>
      <Table<RoleMember>
        rowKey="userRoleId"
        size="small"
        loading={members.isFetching}
        columns={columns}
        dataSource={members.data ?? []}
        locale={{ emptyText: '该角色暂无成员，可在“层级架构”中添加' }}
        pagination={false}
      />
    </Drawer>
  );
}
