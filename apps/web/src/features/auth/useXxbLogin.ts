/**
 * /xxbLogin (SPEC §2.1, §4 role switch): signs in with the ticket of the query (u, uid, userId,
 * p), enters the chosen role exactly as the role choice on /login does, then goes to /welcome.
 * A refused ticket is alerted with the server's message (the http client does it) → /login.
 */
import type { SwitchTicket } from '@zb/contract/api/auth';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { clearSession, setLoginResult } from '../../platform/session';
import { loadApi } from './deferred';
import { enterRole } from './enterSession';

const positiveInt = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The ticket of the query, or null when a part is missing or malformed. */
export const ticketFromQuery = (params: URLSearchParams): SwitchTicket | null => {
  const u = params.get('u');
  const p = params.get('p');
  const uid = positiveInt(params.get('uid'));
  const userId = positiveInt(params.get('userId'));
  return u && p && uid !== null && userId !== null ? { u, p, uid, userId } : null;
};

/** Signs in with the ticket and enters its role; false when refused (already alerted). */
export const switchIn = async (ticket: SwitchTicket | null): Promise<boolean> => {
  if (!ticket) {
    void showAlert('error', ERRMSG[ERR.TICKET_INVALID]);
    return false;
  }
  try {
    const api = await loadApi();
    const login = await api.ticketLogin(ticket);
    clearSession();
    setLoginResult(login);
    const role = login.roles.find((r) => r.userRoleId === ticket.uid);
    if (!role) {
      void showAlert('error', ERRMSG[ERR.ROLE_NOT_OWNED]);
      clearSession();
      return false;
    }
    await enterRole(login, role, ticket.userId);
    return true;
  } catch (e) {
    if (!isApiError(e)) throw e;
    clearSession();
    return false;
  }
};

export function useXxbLogin(): void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effect: the ticket signs in only once.
    if (started.current) return;
    started.current = true;
    void switchIn(ticketFromQuery(params)).then((entered) =>
      navigate(entered ? PUBLIC_PATHS.welcome : PUBLIC_PATHS.login, { replace: true }),
    );
  }, [navigate, params]);
}
