/**
 * Permission helpers over the session user (SPEC §6): the user's codes are their menu codes,
 * button permissions are their btn list. The browser only hides; the server refuses.
 */

import type { MenuContext } from '@zb/contract/access';
import type { MenuResource } from '@zb/contract/api/auth';
import { type SessionUser, useSessionUser } from './session';

const contexts = new WeakMap<SessionUser, MenuContext>();
const EMPTY: MenuContext = { codes: new Set(), storeCount: null };

/** The menu context of a user (codes + store-count flag), computed once per session user object. */
export const menuContextOf = (user: SessionUser | null): MenuContext => {
  if (!user) return EMPTY;
  let ctx = contexts.get(user);
  if (!ctx) {
    ctx = { codes: new Set(user.menu.map((m) => m.code)), storeCount: user.storeCount };
    contexts.set(user, ctx);
  }
  return ctx;
};

export const useMenuContext = (): MenuContext => menuContextOf(useSessionUser());

/** Whether the signed-in user holds a button permission. */
export const useCan = (buttonCode: string): boolean => {
  const user = useSessionUser();
  return !!user && user.btn.includes(buttonCode);
};

/** The user's own resource entry for a code: its display name and tip win over the contract's. */
export const resourceOf = (user: SessionUser | null, code: string | null): MenuResource | undefined =>
  code && user ? user.menu.find((m) => m.code === code) : undefined;

/** A test of any button code against the signed-in user's buttons (for lists of actions). */
export const useButtons = (): ((buttonCode: string) => boolean) => {
  const user = useSessionUser();
  return (code) => !!user && user.btn.includes(code);
};
