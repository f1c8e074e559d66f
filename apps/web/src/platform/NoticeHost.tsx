/** Renders notices of alerts.ts with antd's notification (inside antd <App>, so it follows the theme). */
import { App } from 'antd';
import { useEffect } from 'react';
import { subscribeNotices } from './alerts';

const DURATION_S = 3;

export function NoticeHost() {
  const { notification } = App.useApp();
  useEffect(
    () =>
      subscribeNotices((n) => {
        notification[n.kind]({ title: n.title, description: n.text, key: n.key, duration: DURATION_S });
      }),
    [notification],
  );
  return null;
}
