/**
 * /login's two ways in (SPEC §2.1): 扫码登录 first, then 账号登录 with the password form. A small
 * tab list of its own rather than antd's Tabs, which would add about 11 KB gzip to the login
 * page's first load (its overflow menu and animations are of no use for two tabs).
 */
import { Spin } from 'antd';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import styles from './LoginTabs.module.css';
import { WxworkQr } from './WxworkQr';

type LoginTab = 'qr' | 'account';

const TABS: readonly { key: LoginTab; label: string }[] = [
  { key: 'qr', label: '扫码登录' },
  { key: 'account', label: '账号登录' },
];

interface Props {
  /** The account-and-password form; kept mounted so its contents survive a switch of tabs. */
  account: ReactNode;
  /** A WeCom code is being signed in with: the tabs wait. */
  signingIn: boolean;
}

export function LoginTabs({ account, signingIn }: Props) {
  const [tab, setTab] = useState<LoginTab>('qr');
  if (signingIn) {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }} role="status">
        <Spin />
        <div style={{ marginTop: 12 }}>正在登录…</div>
      </div>
    );
  }
  // Arrow keys move between the tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = tab === 'qr' ? 'account' : 'qr';
    setTab(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  };
  return (
    <>
      <div role="tablist" className={styles.tabs}>
        {TABS.map((t) => (
          <button
            key={t.key}
            id={`login-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            aria-controls={`login-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`${styles.tab} ${tab === t.key ? styles.active : ''}`}
            onClick={() => setTab(t.key)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="login-panel-qr" aria-labelledby="login-tab-qr" hidden={tab !== 'qr'}>
        {tab === 'qr' && <WxworkQr active />}
      </div>
      <div role="tabpanel" id="login-panel-account" aria-labelledby="login-tab-account" hidden={tab !== 'account'}>
        {account}
      </div>
    </>
  );
}
