/**
 * The session as the browser keeps it (SPEC §3). Each tab keeps its own copy in sessionStorage,
 * so a reload keeps the user signed in and a tab keeps acting in its role (TAB_ROLE_HEADER) when
 * another tab switches to another one. The user last chosen in any tab is also kept in
 * localStorage, so a new tab (ctrl-click, a bookmark, a pasted link) opens signed in, in that
 * role, and from then on keeps its own copy. The sign-in itself is the HttpOnly cookie every tab
 * shares: once it ends (logout in another tab, revocation), the next call of any tab answers a
 * session errcode and that tab ends too.
 *
 * Components read it with useSessionUser(); everything else with getSessionUser().
 * clearSession() forgets it before a new sign-in; endSession() ends it on logout and on session
 * errcodes.
 */
import type { LoginResult, MenuResource } from '@zb/contract/api/auth';
import { useSyncExternalStore } from 'react';

export interface SessionUser {
  loginName: string;
  nickname: string;
  createdDate: string;
  enabled: boolean;
  /** Pages (and groups) of the chosen role, each with its display name and tip. */
  menu: MenuResource[];
  /** Button codes of the chosen role. */
  btn: string[];
  roleName: string;
  hierId: number | null;
  /** Data level of the chosen role as text (总部, 大区, 门店). */
  hierName: string;
  userId: number | null;
  userRoleId: number | null;
  /** Set by the role-switch login (/xxbLogin); null otherwise. */
  switchUserId: number | null;
  admin: 0 | 1;
  /** Store-count flag from synDWRole; the SCRM reports hide when it is empty or 0. */
  storeCount: number | null;
}

/** This tab's keys, in sessionStorage. */
const KEYS = {
  user: 'zb.session.user',
  /** The login result between sign-in and role choice; its loginName/createdDate sign every call. */
  login: 'zb.session.login',
  /** The last shell page the user was allowed on, so a forbidden typed path can send them back. */
  lastAllowed: 'zb.session.lastAllowed',
} as const;

/** The user last chosen in any tab, in localStorage: what a new tab starts from. */
export const SHARED_USER_KEY = 'zb.session.lastUser';

interface SessionState {
  user: SessionUser | null;
  login: LoginResult | null;
}

const read = <T>(key: string, storage: Storage = sessionStorage): T | null => {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

const write = (key: string, value: unknown, storage: Storage = sessionStorage): void => {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): this tab still holds the session in memory.
  }
};

const sameAccount = (a: Pick<SessionUser, 'loginName' | 'createdDate'> | null, b: typeof a): boolean =>
  a !== null && b !== null && a.loginName === b.loginName && a.createdDate === b.createdDate;

/**
 * This tab's user: its own copy, else (a new tab) the one last chosen in any tab, which becomes
 * this tab's own copy — a later switch elsewhere does not move this tab to another role.
 */
const initialUser = (): SessionUser | null => {
  const own = read<SessionUser>(KEYS.user);
  if (own || read(KEYS.login)) return own;
  const shared = read<SessionUser>(SHARED_USER_KEY, localStorage);
  if (shared) write(KEYS.user, shared);
  return shared;
};

/**
 * Set when this tab's session was ended (logout, a session errcode): until the next sign-in
 * the guards send the user to /relogin rather than /login, whichever of "clear" and
 * "navigate" lands first. Kept in memory only, so a reload or a typed path goes to /login.
 */
let ended = false;

let state: SessionState = { user: initialUser(), login: read(KEYS.login) };
const listeners = new Set<() => void>();

const update = (next: Partial<SessionState>): void => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getSessionUser = (): SessionUser | null => state.user;
export const getLoginResult = (): LoginResult | null => state.login;

export const setLoginResult = (login: LoginResult | null): void => {
  ended = false;
  write(KEYS.login, login);
  update({ login });
};

/** Enters the session in a role (or as administrator): this tab's, and what a new tab starts from. */
export const setSessionUser = (user: SessionUser): void => {
  ended = false;
  write(KEYS.user, user);
  write(SHARED_USER_KEY, user, localStorage);
  update({ user });
};

/** The identity that signs calls: the session user once chosen, else the pending login result. */
export const getAccountIdentity = (): { loginName: string; createdDate: string } | null =>
  state.user ?? state.login ?? null;

const forgetTab = (): void => {
  for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
  ended = false;
  update({ user: null, login: null });
};

/** Forgets everything of the session, here and for new tabs (a new sign-in starts from here). */
export const clearSession = (): void => {
  write(SHARED_USER_KEY, null, localStorage);
  forgetTab();
};

/**
 * Ends the session: 'logout' (the sign-in ends for every tab, so new tabs start at /login), or
 * a session errcode of SPEC §8 ('sessionError'), which new tabs are spared when the user they
 * start from is another account's (this tab was left under an account signed out since).
 */
export const endSession = (reason: 'logout' | 'sessionError' = 'sessionError'): void => {
  const mine = state.user ?? state.login;
  if (reason === 'logout' || sameAccount(read<SessionUser>(SHARED_USER_KEY, localStorage), mine)) {
    write(SHARED_USER_KEY, null, localStorage);
  }
  forgetTab();
  ended = true;
};

export const sessionEnded = (): boolean => ended;

/** Re-reads the storage as a tab opening does (tests, and after another module wrote it directly). */
export const reloadSession = (): void => {
  update({ user: initialUser(), login: read(KEYS.login) });
};

export const rememberAllowedPath = (path: string): void => sessionStorage.setItem(KEYS.lastAllowed, path);
export const lastAllowedPath = (): string | null => sessionStorage.getItem(KEYS.lastAllowed);

export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribeSession, getSessionUser);
export const useLoginResult = (): LoginResult | null => useSyncExternalStore(subscribeSession, getLoginResult);
