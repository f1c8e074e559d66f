/**
 * SPEC §4 web login: a `code` in /login's query signs in with it (WeCom hands it back after a
 * scan). The code and state leave the address at once, so a reload never spends the code twice;
 * a refusal comes back to a clean /login through the http client's enterprise-login rule. A code
 * whose state this tab never drew is not used (a forged sign-in link).
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts';
import { CODE_PARAM, FOREIGN_STATE_TEXT, STATE_PARAM, takeQrState } from './wxworkQrModel';

export function useCodeLogin(start: (code: string) => Promise<void>): { signingIn: boolean } {
  const [params, setParams] = useSearchParams();
  const code = params.get(CODE_PARAM);
  const state = params.get(STATE_PARAM);
  const [signingIn, setSigningIn] = useState(false);
  // Under StrictMode's double effect a code is still tried once.
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!code || tried.current === code) return;
    tried.current = code;
    setSigningIn(true);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(CODE_PARAM);
        next.delete(STATE_PARAM);
        return next;
      },
      { replace: true },
    );
    if (!takeQrState(state)) {
      setSigningIn(false);
      void showAlert('warning', FOREIGN_STATE_TEXT);
      return;
    }
    void start(code).finally(() => setSigningIn(false));
  }, [code, state, start, setParams]);

  return { signingIn: signingIn || (code !== null && tried.current !== code) };
}
