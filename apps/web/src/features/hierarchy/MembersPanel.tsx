/** The members of one role in one content: 添加成员 (with the check) and 移除 (confirmed). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HIER_BUTTONS, type RoleMember } from '@zb/contract/api/hierarchy';
import { Button, Card, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { AddMemberModal } from './AddMemberModal';
import { HIER_KEYS, hierApi } from './api';
import { attempt } from './NameDialog';

const columns = (remove: ((m: RoleMember) => void) | null): TableProps<RoleMember>['columns'] => [
  { title: '账号', dataIndex: 'loginName', width: 130 },
  { title: '姓名', dataIndex: 'nickname', width: 100 },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  {
    title: '状态',
    dataIndex: 'enabled',
    width: 70,
    render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
  { title: '加入时间', dataIndex: 'addedAt', width: 170 },
  ...(remove
    ? [
        {
          title: '操作',
          key: 'actions',
          width: 80,
          render: (_: unknown, m: RoleMember) => (
            <Button type="link" size="small" danger onClick={() => remove(m)}>
              移除
            </Button>
          ),
        },
      ]
    : []),
];

interface Props {
  contentRoleId: number;
  title: string;
}

export function MembersPanel({ contentRoleId, title }: Props) {
  const queryClient = useQueryClient();
  const canAdd = useCan(HIER_BUTTONS.arch.add);
  const canDelete = useCan(HIER_BUTTONS.arch.delete);
  const [adding, setAdding] = useState(false);
  const members = useQuery({
    queryKey: HIER_KEYS.members({ contentRoleId }),
    queryFn: () => hierApi.members({ contentRoleId }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HIER_KEYS.all });

  const remove = async (m: RoleMember) => {
    if (!(await confirm(`确定将 ${m.nickname} 移出“${title}”？移除后其在该角色下的登录将失效。`))) return;
    if (await attempt(() => hierApi.removeMember(m.userRoleId))) refresh();
  };

  return (
    <Card
      size="small"
      title={`成员：${title}`}
      extra={
        canAdd && (
          <Button size="small" type="primary" onClick={() => setAdding(true)}>
            添加成员
          </Button>
        )
      }
    >
      <Table<RoleMember>
        rowKey="userRoleId"
        size="small"
        loading={members.isFetching}
        columns={columns(canDelete ? (m) => void remove(m) : null)}
        dataSource={members.data ?? []}
        locale={{ emptyText: '该角色暂无成员' }}
        pagination={false}
      />
      {adding && (
        <AddMemberModal
          contentRoleId={contentRoleId}
          title={title}
          onAdded={refresh}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
