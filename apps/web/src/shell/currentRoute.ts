/** The contract route at the current location (exact and case-sensitive, as the router matches it). */
import { type RouteDef, routeByPath } from '@zb/contract/routes';
import { useLocation } from 'react-router';

/** "/productList/" matches the route "/productList" in the router, so it must here too. */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

export const routeAt = (pathname: string): RouteDef | undefined => routeByPath(normalizePath(pathname));

export const useCurrentRoute = (): RouteDef | undefined => routeAt(useLocation().pathname);
