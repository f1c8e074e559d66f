/**
 * Everything the app runs inside: antd's ConfigProvider (zh_CN locale, theme), the base text
 * style antd's <App> would give, and the alert and notice hosts, loaded off the first screen
 * (LazyHosts). The query client, dayjs's zh-cn locale and antd's <App> context are not here:
 * only shell pages need them, so they live in ShellFrame and stay out of the /login bundle (and
 * the query cache ends when the shell unmounts at logout).
 */
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { LazyHosts } from '../platform/LazyHosts';

const THEME = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } };

/** The text colour, size, line height and font of antd's <App>, on every page. */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <BaseText>{children}</BaseText>
      <LazyHosts />
    </ConfigProvider>
  );
}
