/**
 * antd's <App> context (App.useApp(): message, notification, modal) for the shell's pages. It
 * is not in the app's root providers: it brings antd's Modal, message and notification, which
 * /login's first load does without (its alerts load lazily, see LazyHosts).
 */
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { NOTICE_PLACEMENT } from './alerts';

export function AntAppContext({ children }: { children: ReactNode }) {
  return (
    <AntApp component={false} notification={NOTICE_PLACEMENT}>
      {children}
    </AntApp>
  );
}
