/** /relogin: the user has left the system; 重新登录 reloads the app at /login. */
import { LogoutOutlined } from '@ant-design/icons';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { pageTitle } from '../../platform/brand';

export default function ReloginPage() {
  useEffect(() => {
    document.title = pageTitle('已退出');
  }, []);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        icon={<LogoutOutlined style={{ color: '#1f6feb' }} />}
        title="您已退出系统"
        extra={
          // A full reload, so no state of the previous session survives in memory.
          <Button type="primary" size="large" onClick={() => window.location.assign(PUBLIC_PATHS.login)}>
            重新登录
          </Button>
        }
      />
    </div>
  );
}
