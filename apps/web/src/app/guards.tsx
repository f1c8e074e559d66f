/** Guards of SPEC §4: no session on a shell page → /login; no pages → /404; a route the user may not open → back where they were. */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import type { RouteDef } from '@zb/contract/routes';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { notify } from '../platform/alerts';
import { useMenuContext } from '../platform/permissions';
import { lastAllowedPath, rememberAllowedPath, sessionEnded, useSessionUser } from '../platform/session';
import { hasNoPages, loginTarget, NO_ACCESS_TEXT, routeAccess } from './access';
import { loadShellFrame } from './preload';

const ShellFrame = lazy(loadShellFrame);

export function PageFallback() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/**
 * Root of every route. The public pages (/login, /xxbLogin, /relogin, /404) need no session;
 * every shell page checks it in ShellGate, so an unknown path reaches /404 either way.
 */
export function RootLayout() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}

/** Layout of the shell pages: no session → /login; a user without any page → /404. */
export function ShellGate() {
  const user = useSessionUser();
  if (!user) return <Navigate to={loginTarget(sessionEnded())} replace />;
  if (hasNoPages(user)) return <Navigate to={PUBLIC_PATHS.notFound} replace />;
  return (
    <Suspense fallback={<PageFallback />}>
      <ShellFrame />
    </Suspense>
  );
}

/** Remembers the page (path and query) as the last one the user was allowed on. */
export function AllowedPage({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    rememberAllowedPath(pathname + search);
  }, [pathname, search]);
  return children;
}

function Forbidden({ back }: { back: string }) {
  useEffect(() => {
    // Keyed, so StrictMode's double effect or a quick retry shows one notice, not two.
    notify('warning', NO_ACCESS_TEXT, 'no-access');
  }, []);
  return <Navigate to={back} replace />;
}

/** A contract route: opens when one of its codes is the user's; otherwise back to the last allowed page. */
export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const ctx = useMenuContext();
  const { pathname } = useLocation();
  const access = routeAccess(route, ctx, pathname, lastAllowedPath());
  if (access.kind === 'forbidden') return <Forbidden back={access.back} />;
  return <AllowedPage>{children}</AllowedPage>;
}
