/** Breadcrumb and title of a shell page (SPEC §2.2): group name → parent page (for a detail) → route title, from the contract. */
import { groupName } from '@zb/contract/groups';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { type RouteDef, routeByPath } from '@zb/contract/routes';

export interface Crumb {
  title: string;
  /** Set when the crumb links somewhere (the parent page of a detail). */
  path?: string;
}

/** /welcome is the one shell page outside the contract's table. */
export const WELCOME_TITLE = '首页';

export const crumbsOf = (route: RouteDef | undefined, pathname: string): Crumb[] => {
  if (!route) return pathname === PUBLIC_PATHS.welcome ? [{ title: WELCOME_TITLE }] : [];
  const crumbs: Crumb[] = [{ title: groupName(route.group) }];
  const parent = route.parent ? routeByPath(route.parent) : undefined;
  if (parent) crumbs.push({ title: parent.title, path: parent.path });
  crumbs.push({ title: route.title });
  return crumbs;
};

/** The heading of the page area. */
export const titleOf = (route: RouteDef | undefined, pathname: string): string =>
  route?.title ?? (pathname === PUBLIC_PATHS.welcome ? WELCOME_TITLE : '');
