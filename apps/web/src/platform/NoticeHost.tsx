/** Renders notices of alerts.ts with antd's notification (its holder sits inside ConfigProvider, so it follows the theme). */
import { notification } from 'antd';
import { useEffect } from 'react';
import { NOTICE_PLACEMENT, subscribeNotices } from './alerts';

const DURATION_S = 3;

export function NoticeHost() {
  const [api, holder] = notification.useNotification(NOTICE_PLACEMENT);
  useEffect(
    () =>
      subscribeNotices((n) => {
        api[n.kind]({ title: n.title, description: n.text, key: n.key, duration: DURATION_S });
      }),
    [api],
  );
  return holder;
}
