/** Route guard decisions (SPEC §4 "Session"), as pure functions the guard components apply. */

import { canOpen, type MenuContext } from '@zb/contract/access';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import type { RouteDef } from '@zb/contract/routes';
import type { SessionUser } from '../platform/session';

/** Shown when a typed or linked path needs codes the user lacks. */
export const NO_ACCESS_TEXT = '无权限访问该页面';

/**
 * Where a visitor without a session goes from a shell page: /login, or /relogin when this tab
 * just ended its session (logout, session errcode), whichever of "clear" and "navigate" lands first.
 */
export const loginTarget = (ended: boolean): string => (ended ? PUBLIC_PATHS.relogin : PUBLIC_PATHS.login);

/** A user with no pages at all has nowhere to go in the shell. */
export const hasNoPages = (user: SessionUser): boolean => user.menu.length === 0;

export type RouteAccess = { kind: 'ok' } | { kind: 'forbidden'; back: string };

/**
 * Whether the user opens a shell route; when not, where they go back to: the last page they
 * were allowed on (remembered across reloads), else /welcome.
 */
export const routeAccess = (
  route: Pick<RouteDef, 'codes'>,
  ctx: MenuContext,
  here: string,
  lastAllowed: string | null,
): RouteAccess => {
  if (canOpen(route, ctx.codes)) return { kind: 'ok' };
  const back = lastAllowed && lastAllowed.split('?')[0] !== here ? lastAllowed : PUBLIC_PATHS.welcome;
  return { kind: 'forbidden', back };
};
