/**
 * Breadcrumb and title of a shell page (SPEC §2.2): group name → parent page (for a detail) →
 * route title, from the contract, with the additions of §2.2: a store-level page opened with
 * ?storeName= ends with the store's name; an order detail adds its order code or approval code;
 * the examining detail is prefixed with 会员管理.
 */
import { BREADCRUMB_QUERY } from '@zb/contract/constants';
import { type GroupCode, groupName } from '@zb/contract/groups';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { type RouteDef, routeByPath } from '@zb/contract/routes';

export interface Crumb {
  title: string;
  /** Set when the crumb links somewhere (the parent page of a detail). */
  path?: string;
}

/** /welcome is the one shell page outside the contract's table. */
export const WELCOME_TITLE = '首页';

/** Pages whose breadcrumb starts with a fixed group, whatever their parents (SPEC §2.2). */
export const CRUMB_PREFIX: Readonly<Record<string, GroupCode>> = { '/examiningDetail': 'ZBHT-HYGL' };

/** Order details: every detail route of order management, and the member's order detail. */
export const isOrderDetail = (route: RouteDef): boolean =>
  route.parent !== null && (route.group === 'ZBHT-DDGL' || route.path === '/orderDetail');

/** What the query adds after the route's title: the order or approval code, the store name. */
const queryCrumbs = (route: RouteDef, search: URLSearchParams): Crumb[] => {
  const out: Crumb[] = [];
  if (isOrderDetail(route)) {
    const code = search.get(BREADCRUMB_QUERY.orderCode) || search.get(BREADCRUMB_QUERY.approvalCode);
    if (code) out.push({ title: code });
  }
  const storeName = search.get(BREADCRUMB_QUERY.storeName);
  if (storeName) out.push({ title: storeName });
  return out;
};

export const crumbsOf = (route: RouteDef | undefined, pathname: string, search = ''): Crumb[] => {
  if (!route) return pathname === PUBLIC_PATHS.welcome ? [{ title: WELCOME_TITLE }] : [];
  const crumbs: Crumb[] = [{ title: groupName(CRUMB_PREFIX[route.path] ?? route.group) }];
  const parent = route.parent ? routeByPath(route.parent) : undefined;
  if (parent) crumbs.push({ title: parent.title, path: parent.path });
  crumbs.push({ title: route.title });
  crumbs.push(...queryCrumbs(route, new URLSearchParams(search)));
  return crumbs;
};

/** The heading of the page area. */
export const titleOf = (route: RouteDef | undefined, pathname: string): string =>
  route?.title ?? (pathname === PUBLIC_PATHS.welcome ? WELCOME_TITLE : '');
