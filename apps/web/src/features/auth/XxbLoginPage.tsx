/** /xxbLogin: the role-switch auto-login (SPEC §2.1); shows 正在切换角色，请稍候… while it signs in. */
import { Spin } from 'antd';
import { useXxbLogin } from './useXxbLogin';

export const SWITCHING_TEXT = '正在切换角色，请稍候…';

export default function XxbLoginPage() {
  useXxbLogin();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <div style={{ textAlign: 'center' }} role="status">
        <Spin size="large" />
        <div style={{ marginTop: 16 }}>{SWITCHING_TEXT}</div>
      </div>
    </div>
  );
}
