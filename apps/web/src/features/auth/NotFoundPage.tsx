/** /404: the target of every unknown path, and of a user without any page. */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { pageTitle } from '../../platform/brand';

export default function NotFoundPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = pageTitle('404');
  }, []);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或暂无可访问的页面"
        extra={
          <Button type="primary" onClick={() => navigate(PUBLIC_PATHS.welcome)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
