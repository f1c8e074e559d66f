/**
 * /xxbLogin: the role-switch auto-login (SPEC §2.1). Issue 3 builds it; until then it shows the
 * switching state briefly and then says plainly that the page is not built.
 */
import { NOT_BUILT_TEXT } from '@zb/contract/constants';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';

export const SWITCHING_TEXT = '正在切换角色，请稍候…';
const SWITCHING_MS = 800;

export default function XxbLoginPage() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), SWITCHING_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {done ? (
        <Result status="info" title={NOT_BUILT_TEXT} />
      ) : (
        <div style={{ textAlign: 'center' }} role="status">
          <Spin size="large" />
          <div style={{ marginTop: 16 }}>{SWITCHING_TEXT}</div>
        </div>
      )}
    </div>
  );
}
