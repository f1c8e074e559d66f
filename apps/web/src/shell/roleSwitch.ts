/**
 * Role switch (SPEC §4), headless: the user's roles from loginInfo; choosing one asks
 * 确定切换角色？; the current role just closes the dialog; any other gets a single-use ticket
 * from the server and opens /xxbLogin with it — in a new tab for role ids up to
 * NEW_TAB_MAX_ROLE_ID, else in this tab.
 */
import { AUTH_API, type RoleEntry, type SwitchTicket } from '@zb/contract/api/auth';
import { NEW_TAB_MAX_ROLE_ID } from '@zb/contract/constants';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { useCallback, useRef, useState } from 'react';
import { confirm } from '../platform/alerts';
import { call } from '../platform/http';
import { getSessionUser } from '../platform/session';

export const SWITCH_CONFIRM_TEXT = '确定切换角色？';

/** The /xxbLogin address of a ticket, every value URL-encoded. */
export const xxbLoginUrl = (t: SwitchTicket): string => {
  const query = new URLSearchParams({ u: t.u, uid: String(t.uid), userId: String(t.userId), p: t.p });
  return `${PUBLIC_PATHS.xxbLogin}?${query.toString()}`;
};

/** The role id (not the userRoleId) decides: NEW_TAB_MAX_ROLE_ID or lower opens a new tab. */
export const opensInNewTab = (role: Pick<RoleEntry, 'roleId'>): boolean => role.roleId <= NEW_TAB_MAX_ROLE_ID;

/** What a switch needs from the outside world; the browser's by default, fakes in tests. */
export interface SwitchDeps {
  confirm: (text: string) => Promise<boolean>;
  requestTicket: (userRoleId: number) => Promise<SwitchTicket>;
  window: Pick<Window, 'open'> & { location: Pick<Location, 'assign'> };
}

const browserDeps = (): SwitchDeps => ({
  confirm,
  requestTicket: (userRoleId) => call(AUTH_API.switchRoleTicket, { body: { userRoleId } }, { success: false }),
  window,
});

export type SwitchOutcome = 'cancelled' | 'current' | 'newTab' | 'sameTab';

/** Switches to the role, `currentUserRoleId` being the role this tab is in. */
export const switchRole = async (
  role: RoleEntry,
  currentUserRoleId: number | null,
  deps: SwitchDeps = browserDeps(),
): Promise<SwitchOutcome> => {
  if (!(await deps.confirm(SWITCH_CONFIRM_TEXT))) return 'cancelled';
  if (role.userRoleId === currentUserRoleId) return 'current';
  const url = xxbLoginUrl(await deps.requestTicket(role.userRoleId));
  if (opensInNewTab(role)) {
    // The new tab needs nothing from this one: /xxbLogin signs it in; this tab keeps its own role.
    deps.window.open(url, '_blank', 'noopener');
    return 'newTab';
  }
  deps.window.location.assign(url);
  return 'sameTab';
};

/** The dialog's state: open, the roles (null while loading), the role being switched to. */
export function useRoleSwitch(deps?: SwitchDeps) {
  const [open, setOpen] = useState(false);
  const [roles, setRoles] = useState<RoleEntry[] | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const busy = useRef(false);

  const show = useCallback(() => {
    setOpen(true);
    setRoles(null);
    call(AUTH_API.loginInfo).then(
      (info) => setRoles(info.roles),
      () => setOpen(false), // already alerted by the http client
    );
  }, []);

  const close = useCallback(() => setOpen(false), []);

  const choose = useCallback(
    async (role: RoleEntry) => {
      if (busy.current) return;
      busy.current = true;
      setSwitching(role.userRoleId);
      try {
        const outcome = await switchRole(role, getSessionUser()?.userRoleId ?? null, deps);
        if (outcome !== 'cancelled') setOpen(false);
      } catch {
        // The ticket call failed and was alerted; the dialog stays for another try.
      } finally {
        busy.current = false;
        setSwitching(null);
      }
    },
    [deps],
  );

  return { open, roles, switching, show, close, choose };
}
