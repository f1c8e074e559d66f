/**
 * Everything the app runs inside: antd (zh_CN locale, <App> for notices) and the alert host.
 * The query client and dayjs's zh-cn locale are not here: only shell pages query or show
 * dates, so they live in ShellFrame and stay out of the /login bundle (and the query cache
 * ends when the shell unmounts at logout).
 */
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { AlertHost } from '../platform/AlertHost';
import { NoticeHost } from '../platform/NoticeHost';

const THEME = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } };

/**
 * Notices open at the top centre, over the page title, and at most three at once: at the top
 * right they covered the action buttons of detail cards (审核, 发货, 收货) for seconds after
 * each step.
 */
const NOTICES = { placement: 'top', maxCount: 3 } as const;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp notification={NOTICES}>
        {children}
        <AlertHost />
        <NoticeHost />
      </AntApp>
    </ConfigProvider>
  );
}
