/** /login: the account sign-in, then the role choice on the same card (SPEC §4 "Web login"). */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BRAND, pageTitle } from '../../platform/brand';
import { BossApply } from './BossApply';
import { preloadSignIn } from './deferred';
import { LoginForm } from './LoginForm';
import styles from './LoginPage.module.css';
import { LoginTabs } from './LoginTabs';
import { useQuickLogin } from './quickLogin';
import { RoleChoice } from './RoleChoice';
import { useCodeLogin } from './useCodeLogin';
import { useSignIn } from './useSignIn';

export default function LoginPage() {
  const navigate = useNavigate();
  const entered = useCallback(() => navigate(PUBLIC_PATHS.welcome, { replace: true }), [navigate]);
  const flow = useSignIn(entered);
  useQuickLogin(flow.quickLogin);
  const wxwork = useCodeLogin(flow.codeLogin);

  useEffect(() => {
    document.title = pageTitle();
    preloadSignIn();
  }, []);

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <header className={styles.brand}>
          <div className={styles.mark} aria-hidden>
            总
          </div>
          <div>
            <h1 className={styles.brandName}>{BRAND}</h1>
            <div className={styles.brandSub}>连锁门店总部管理平台</div>
          </div>
        </header>
        {flow.step.kind === 'roles' ? (
          <RoleChoice
            nickname={flow.step.login.nickname}
            roles={flow.step.login.roles}
            choosing={flow.choosing}
            onChoose={(role) => void flow.chooseRole(role)}
            onBack={flow.backToForm}
          />
        ) : (
          <>
            {flow.blocked?.kind === 'bossApproval' && (
              <BossApply
                text={flow.blocked.text}
                hint={flow.blocked.hint}
                onSignedIn={flow.proceed}
                onReapply={flow.signInAgain}
              />
            )}
            <LoginTabs
              signingIn={wxwork.signingIn}
              account={<LoginForm submitting={flow.submitting} onSubmit={(values) => void flow.signIn(values)} />}
            />
          </>
        )}
      </section>
    </div>
  );
}
