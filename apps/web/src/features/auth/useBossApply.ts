/**
 * The boss-permission application of SPEC §4, headless: apply with the LOGIN-51005 ticket, poll
 * the result every APPROVAL_POLL_INTERVAL_MS while it answers 204, then on 200 show 授权通过 and
 * sign in with authorizeLogin, continuing like a password sign-in; on 505 offer to apply again.
 */
import type { BossAuthorityHint, LoginResult } from '@zb/contract/api/auth';
import { APPROVAL_POLL_INTERVAL_MS } from '@zb/contract/constants';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';

export type BossApplyState =
  | { phase: 'idle' }
  | { phase: 'applying' }
  | { phase: 'pending'; spNo: string }
  | { phase: 'passed'; spNo: string }
  | { phase: 'rejected'; spNo: string };

const loadBossApi = () => import('./bossApi');

export function useBossApply(hint: BossAuthorityHint | null, onSignedIn: (result: LoginResult) => Promise<void>) {
  const [state, setState] = useState<BossApplyState>({ phase: 'idle' });
  const alive = useRef(true);
  const busy = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const settle = useCallback(
    async (spNo: string, code: string) => {
      if (code === ERR.STORE_AUTH_REJECTED) {
        setState({ phase: 'rejected', spNo });
        return;
      }
      setState({ phase: 'passed', spNo });
      // Also as a notice: the role choice replaces the form as soon as authorizeLogin answers.
      notify('success', ERRMSG[ERR.STORE_AUTH_PASSED]);
      try {
        const api = await loadBossApi();
        const result = await api.authorizeLogin(hint?.userId ?? 0, spNo);
        if (alive.current) await onSignedIn(result);
      } catch (e) {
        // Alerted by the http client (e.g. already used); the boss may sign in with the password.
        if (alive.current) setState({ phase: 'idle' });
        if (!isApiError(e)) throw e;
      }
    },
    [hint, onSignedIn],
  );

  // While pending: ask now, then every APPROVAL_POLL_INTERVAL_MS, counting the polls (n).
  const spNo = state.phase === 'pending' ? state.spNo : null;
  useEffect(() => {
    if (!spNo) return;
    let n = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      n += 1;
      try {
        const api = await loadBossApi();
        const code = await api.bossResult(spNo, n);
        if (stopped) return;
        if (code === ERR.STORE_AUTH_PENDING) timer = setTimeout(poll, APPROVAL_POLL_INTERVAL_MS);
        else await settle(spNo, code);
      } catch (e) {
        if (!isApiError(e) || stopped) return;
        // Already alerted; a network hiccup should not end the wait.
        timer = setTimeout(poll, APPROVAL_POLL_INTERVAL_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [spNo, settle]);

  const apply = useCallback(async () => {
    if (!hint || busy.current) return;
    busy.current = true;
    setState({ phase: 'applying' });
    try {
      const api = await loadBossApi();
      const applied = await api.applyForBoss(hint);
      if (alive.current) setState({ phase: 'pending', spNo: applied });
    } catch (e) {
      if (alive.current) setState({ phase: 'idle' });
      if (!isApiError(e)) throw e;
    } finally {
      busy.current = false;
    }
  }, [hint]);

  return { state, apply };
}
