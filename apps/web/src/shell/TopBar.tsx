/** The top bar (SPEC §1): brand, the signed-in user with their role, 切换角色, the bell, 修改密码, 下载历史, 退出登录. */
import { DownloadOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BRAND } from '../platform/brand';
import { useSessionUser } from '../platform/session';
import { NoticeBell } from './NoticeBell';
import { PasswordModal } from './PasswordModal';
import { RoleSwitch } from './RoleSwitch';
import { useLogout } from './useLogout';

export const DOWNLOAD_HISTORY_PATH = '/downloadhistory';

export function TopBar() {
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

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
        <RoleSwitch />
        <NoticeBell />
        <Button type="text" icon={<KeyOutlined />} onClick={() => setPasswordOpen(true)}>
          修改密码
        </Button>
        <Button type="text" icon={<DownloadOutlined />} onClick={() => navigate(DOWNLOAD_HISTORY_PATH)}>
          下载历史
        </Button>
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
      <PasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} onChanged={logout} />
    </div>
  );
}
