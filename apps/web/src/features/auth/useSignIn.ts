/**
 * The sign-in flow of SPEC §4, headless: password login → (admin: all resources) or the role
 * list → chosen role's pages and buttons, store-count flag and user id → session → /welcome.
 * Server errors are alerted by the http client; this hook only keeps the state the page shows.
 */
import type { LoginResult, RoleEntry } from '@zb/contract/api/auth';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import type { LoginForm } from '@zb/contract/rules';
import { useCallback, useRef, useState } from 'react';
import { showAlert } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { clearSession, getLoginResult, getSessionUser, setLoginResult, setSessionUser } from '../../platform/session';
import { loadApi, loadRules } from './deferred';
import { adminSessionUser, roleSessionUser } from './sessionUser';

export type SignInStep = { kind: 'form' } | { kind: 'roles'; login: LoginResult };

/** Why a store boss cannot sign in yet (LOGIN-51005 / LOGIN-51008). */
export type Blocked =
  | { kind: 'bossApproval'; text: string; userId: number | null }
  | { kind: 'approvalPending' }
  | null;

/** A reload between sign-in and role choice returns to the role list. */
const initialStep = (): SignInStep => {
  const pending = getLoginResult();
  return pending && !getSessionUser() && pending.propertyEx.admin !== 1
    ? { kind: 'roles', login: pending }
    : { kind: 'form' };
};

const userIdIn = (data: unknown): number | null =>
  data && typeof data === 'object' && 'userId' in data && typeof data.userId === 'number' ? data.userId : null;

export function useSignIn(onEntered: () => void) {
  const [step, setStep] = useState<SignInStep>(initialStep);
  const [submitting, setSubmitting] = useState(false);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [blocked, setBlocked] = useState<Blocked>(null);
  const [applying, setApplying] = useState(false);
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
        setBlocked({ kind: 'bossApproval', text, userId: userIdIn(e.data) });
      }
      if (e.errcode === ERR.LOGIN_APPROVAL_PENDING) {
        setBlocked({ kind: 'approvalPending' });
        void showAlert('warning', ERRMSG[ERR.LOGIN_APPROVAL_PENDING]);
      }
    } finally {
      busy.current = false;
    }
  }, []);

  const signIn = useCallback(
    (form: LoginForm) =>
      run(async () => {
        setSubmitting(true);
        setBlocked(null);
        try {
          const [api, rules] = await Promise.all([loadApi(), loadRules()]);
          // The form's rules already passed; parsing applies the schema's trim to the account.
          const result = await api.login(rules.loginFormSchema.parse(form));
          clearSession();
          setLoginResult(result);
          if (result.propertyEx.admin === 1) {
            const resources = await api.adminResources();
            const [storeCount, info] = await Promise.all([api.storeCount(), api.loginInfo()]);
            setSessionUser(adminSessionUser(result, resources, { storeCount, userId: info.userId }));
            onEntered();
            return;
          }
          setStep({ kind: 'roles', login: result });
        } finally {
          setSubmitting(false);
        }
      }),
    [run, onEntered],
  );

  const chooseRole = useCallback(
    (role: RoleEntry) =>
      run(async () => {
        if (step.kind !== 'roles') return;
        setChoosing(role.userRoleId);
        try {
          const api = await loadApi();
          const resources = await api.selectRole(role.userRoleId);
          const [storeCount, info] = await Promise.all([api.storeCount(), api.loginInfo()]);
          setSessionUser(roleSessionUser(step.login, role, resources, { storeCount, userId: info.userId }));
          onEntered();
        } finally {
          setChoosing(null);
        }
      }),
    [run, step, onEntered],
  );

  const applyBoss = useCallback(
    () =>
      run(async () => {
        if (blocked?.kind !== 'bossApproval') return;
        setApplying(true);
        try {
          const api = await loadApi();
          await api.applyBossAuthority(blocked.userId ?? 0);
        } finally {
          setApplying(false);
        }
      }),
    [run, blocked],
  );

  const backToForm = useCallback(() => {
    clearSession();
    setStep({ kind: 'form' });
  }, []);

  return { step, submitting, choosing, blocked, applying, signIn, chooseRole, applyBoss, backToForm };
}
