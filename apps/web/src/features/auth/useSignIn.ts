/**
 * The sign-in flow of SPEC §4, headless: password login → (admin: all resources) or the role
 * list → chosen role's pages and buttons, store-count flag and user id → session → /welcome.
 * Server errors are alerted by the http client; this hook only keeps the state the page shows.
 */
import type { BossAuthorityHint, LoginResult, RoleEntry } from '@zb/contract/api/auth';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import type { LoginForm } from '@zb/contract/rules';
import { useCallback, useRef, useState } from 'react';
import { showAlert } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { clearSession, getLoginResult, getSessionUser } from '../../platform/session';
import { bossHintIn } from './bossHint';
import { loadApi, loadRules } from './deferred';
import { enterRole, startSession } from './enterSession';
import { quickLoginOnce } from './quickLogin';

export type SignInStep = { kind: 'form' } | { kind: 'roles'; login: LoginResult };

/** Why a store boss cannot sign in yet (LOGIN-51005 / LOGIN-51008). */
export type Blocked =
  | { kind: 'bossApproval'; text: string; hint: BossAuthorityHint | null }
  | { kind: 'approvalPending' }
  | null;

/** A reload between sign-in and role choice returns to the role list. */
const initialStep = (): SignInStep => {
  const pending = getLoginResult();
  return pending && !getSessionUser() && pending.propertyEx.admin !== 1
    ? { kind: 'roles', login: pending }
    : { kind: 'form' };
};

export function useSignIn(onEntered: () => void) {
  const [step, setStep] = useState<SignInStep>(initialStep);
  const [submitting, setSubmitting] = useState(false);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [blocked, setBlocked] = useState<Blocked>(null);
  // One attempt at a time: a double click or Enter held down never signs in twice.
  const busy = useRef(false);

  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await task();
    } catch (e) {
      if (!isApiError(e)) throw e;
      // Already alerted by the http client, except the codes this page shows itself.
      if (e.errcode === ERR.LOGIN_BOSS_APPROVAL_REQUIRED) {
        const text = e.errmsg || ERRMSG[ERR.LOGIN_BOSS_APPROVAL_REQUIRED];
        setBlocked({ kind: 'bossApproval', text, hint: bossHintIn(e.data) });
      }
      if (e.errcode === ERR.LOGIN_APPROVAL_PENDING) {
        setBlocked({ kind: 'approvalPending' });
        void showAlert('warning', ERRMSG[ERR.LOGIN_APPROVAL_PENDING]);
      }
    } finally {
      busy.current = false;
    }
  }, []);

  /** After any successful sign-in: an administrator enters, anyone else chooses a role. */
  const proceed = useCallback(
    async (result: LoginResult) => {
      if ((await startSession(result)) === 'entered') onEntered();
      else setStep({ kind: 'roles', login: result });
    },
    [onEntered],
  );

  // The last form submitted: a rejected boss application signs in again for a fresh ticket.
  const lastForm = useRef<LoginForm | null>(null);

  const signIn = useCallback(
    (form: LoginForm) =>
      run(async () => {
        lastForm.current = form;
        setSubmitting(true);
        setBlocked(null);
        try {
          const [api, rules] = await Promise.all([loadApi(), loadRules()]);
          // The form's rules already passed; parsing applies the schema's trim to the account.
          await proceed(await api.login(rules.loginFormSchema.parse(form)));
        } finally {
          setSubmitting(false);
        }
      }),
    [run, proceed],
  );

  /** /login?ql=1: the quick-login cookie signs in once; a refusal leaves the form with a 提示. */
  const quickLogin = useCallback(
    () =>
      run(async () => {
        const result = await quickLoginOnce();
        if (result) await proceed(result);
      }),
    [run, proceed],
  );

  /** /login?code=…: the WeCom QR sign-in, then the same continuation as the password. */
  const codeLogin = useCallback(
    (code: string) =>
      run(async () => {
        setBlocked(null);
        const { wxworkCodeLogin } = await import('./wxworkApi');
        await proceed(await wxworkCodeLogin(code));
      }),
    [run, proceed],
  );

  const chooseRole = useCallback(
    (role: RoleEntry) =>
      run(async () => {
        if (step.kind !== 'roles') return;
        setChoosing(role.userRoleId);
        try {
          await enterRole(step.login, role);
          onEntered();
        } finally {
          setChoosing(null);
        }
      }),
    [run, step, onEntered],
  );

  const backToForm = useCallback(() => {
    clearSession();
    setStep({ kind: 'form' });
  }, []);

  const signInAgain = useCallback(() => {
    if (lastForm.current) void signIn(lastForm.current);
  }, [signIn]);

  return {
    step,
    submitting,
    choosing,
    blocked,
    signIn,
    signInAgain,
    quickLogin,
    codeLogin,
    chooseRole,
    backToForm,
    proceed,
  };
}
