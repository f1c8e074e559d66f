/** The top bar: brand, the signed-in user with their role, and 退出登录. */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { BRAND } from '../platform/brand';
import { useSessionUser } from '../platform/session';
import { useLogout } from './useLogout';

export function TopBar() {
  const user = useSessionUser();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);

  return (
    <div
      data-testid="top-bar"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: '100%' }}
    >
      <Typography.Text strong style={{ fontSize: 18 }}>
        {BRAND}
      </Typography.Text>
      <Space size="middle">
        <Space size={6}>
          <UserOutlined />
          <span data-testid="user-name">{user?.nickname}</span>
          {user?.roleName && <Typography.Text type="secondary">{user.roleName}</Typography.Text>}
        </Space>
        <Button
          icon={<LogoutOutlined />}
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          退出登录
        </Button>
      </Space>
    </div>
  );
}
