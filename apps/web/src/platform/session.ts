/**
 * The session as the browser keeps it (SPEC §3), in sessionStorage so a reload keeps the user
 * signed in and a new tab starts clean. Components read it with useSessionUser(); everything
 * else with getSessionUser(). clearSession() ends it on logout and on session errcodes.
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

const KEYS = {
  user: 'zb.session.user',
  /** The login result between sign-in and role choice; its loginName/createdDate sign every call. */
  login: 'zb.session.login',
  /** The last shell page the user was allowed on, so a forbidden typed path can send them back. */
  lastAllowed: 'zb.session.lastAllowed',
} as const;

interface SessionState {
  user: SessionUser | null;
  login: LoginResult | null;
}

const read = <T>(key: string): T | null => {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

const write = (key: string, value: unknown): void => {
  if (value === null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, JSON.stringify(value));
};

/**
 * Set when this tab's session was ended (logout, a session errcode): until the next sign-in
 * the guards send the user to /relogin rather than /login, whichever of "clear" and
 * "navigate" lands first. Kept in memory only, so a reload or a typed path goes to /login.
 */
let ended = false;

let state: SessionState = { user: read(KEYS.user), login: read(KEYS.login) };
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

export const setSessionUser = (user: SessionUser): void => {
  ended = false;
  write(KEYS.user, user);
  update({ user });
};

/** The identity that signs calls: the session user once chosen, else the pending login result. */
export const getAccountIdentity = (): { loginName: string; createdDate: string } | null =>
  state.user ?? state.login ?? null;

/** Forgets everything of the session (a new sign-in starts from here). */
export const clearSession = (): void => {
  for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
  ended = false;
  update({ user: null, login: null });
};

/** Ends the session: logout, or a session errcode of SPEC §8. */
export const endSession = (): void => {
  clearSession();
  ended = true;
};

export const sessionEnded = (): boolean => ended;

/** Re-reads sessionStorage (tests, and after another module wrote it directly). */
export const reloadSession = (): void => {
  update({ user: read(KEYS.user), login: read(KEYS.login) });
};

export const rememberAllowedPath = (path: string): void => sessionStorage.setItem(KEYS.lastAllowed, path);
export const lastAllowedPath = (): string | null => sessionStorage.getItem(KEYS.lastAllowed);

export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribeSession, getSessionUser);
export const useLoginResult = (): LoginResult | null => useSyncExternalStore(subscribeSession, getLoginResult);
