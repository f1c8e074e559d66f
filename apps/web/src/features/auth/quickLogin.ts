/** Quick login (SPEC §4): /login?ql=1 signs in once with the encrypted cookie the server set. */
import type { LoginResult } from '@zb/contract/api/auth';
import { ERR, QUICK_LOGIN_INVALID_TEXT } from '@zb/contract/errcodes';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { loadApi } from './deferred';

/** The query key and value that ask the login page for a quick login. */
export const QUICK_LOGIN_PARAM = 'ql';
const QUICK_LOGIN_VALUE = '1';

/** The login result, or null when the cookie was missing or refused (shown as a 提示). */
export const quickLoginOnce = async (): Promise<LoginResult | null> => {
  const api = await loadApi();
  try {
    return await api.quickLogin();
  } catch (e) {
    if (!isApiError(e) || e.errcode !== ERR.TICKET_INVALID) throw e;
    void showAlert('warning', e.errmsg || QUICK_LOGIN_INVALID_TEXT);
    return null;
  }
};

/**
 * Starts the quick login once when the page was opened with ql=1 — also under StrictMode's
 * double effect — and drops ql from the address, so a reload does not try again.
 */
export function useQuickLogin(start: () => Promise<void>): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(QUICK_LOGIN_PARAM) === QUICK_LOGIN_VALUE;
  const started = useRef(false);
  useEffect(() => {
    if (!asked || started.current) return;
    started.current = true;
    void start();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(QUICK_LOGIN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, start, setParams]);
}
