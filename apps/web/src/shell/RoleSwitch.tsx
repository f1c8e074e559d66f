/** 切换角色 in the top bar: a dialog listing the user's roles, the current one marked 当前. */
import { SwapOutlined } from '@ant-design/icons';
import type { RoleEntry } from '@zb/contract/api/auth';
import { HIER_LEVELS } from '@zb/contract/constants';
import { Button, Modal, Spin, Tag, Typography } from 'antd';
import { useSessionUser } from '../platform/session';
import { useRoleSwitch } from './roleSwitch';

const LEVEL_COLORS: Record<string, string> = {
  [HIER_LEVELS.hq]: 'blue',
  [HIER_LEVELS.region]: 'green',
  [HIER_LEVELS.store]: 'orange',
};

function RoleRow({
  role,
  current,
  busy,
  onChoose,
}: {
  role: RoleEntry;
  current: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <li style={{ listStyle: 'none', marginBottom: 8 }}>
      <Button
        block
        size="large"
        loading={busy}
        onClick={onChoose}
        aria-current={current || undefined}
        style={{ height: 'auto', padding: '10px 14px', justifyContent: 'flex-start', textAlign: 'left' }}
      >
        <Tag color={LEVEL_COLORS[role.hier]}>{role.hier}</Tag>
        <span style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <Typography.Text strong>{role.roleName}</Typography.Text>
          {role.description && (
            <Typography.Text type="secondary" ellipsis>
              {role.description}
            </Typography.Text>
          )}
        </span>
        {current && <Tag color="processing">当前</Tag>}
      </Button>
    </li>
  );
}

export function RoleSwitch() {
  const user = useSessionUser();
  const flow = useRoleSwitch();
  return (
    <>
      <Button type="text" icon={<SwapOutlined />} onClick={flow.show}>
        切换角色
      </Button>
      <Modal title="切换角色" open={flow.open} onCancel={flow.close} footer={null} destroyOnHidden>
        {flow.roles === null ? (
          <div style={{ padding: 24, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : flow.roles.length === 0 ? (
          <Typography.Text type="secondary">暂无可切换的角色</Typography.Text>
        ) : (
          <ul aria-label="角色列表" style={{ padding: 0, margin: 0 }}>
            {flow.roles.map((role) => (
              <RoleRow
                key={role.userRoleId}
                role={role}
                current={role.userRoleId === user?.userRoleId}
                busy={flow.switching === role.userRoleId}
                onChoose={() => void flow.choose(role)}
              />
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
