/** Logout (SPEC §4): calls logout, clears the session and goes to /relogin, whatever the server answers. */
import { AUTH_API } from '@zb/contract/api/auth';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../platform/http';
import { endSession } from '../platform/session';

export const useLogout = (): (() => Promise<void>) => {
  const navigate = useNavigate();
  const busy = useRef(false);
  return useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await call(AUTH_API.logout, {}, { success: false, alert: false });
    } catch {
      // The session ends in this browser either way; the server's sessions also expire.
    } finally {
      busy.current = false;
      endSession('logout');
      navigate(PUBLIC_PATHS.relogin, { replace: true });
    }
  }, [navigate]);
};
