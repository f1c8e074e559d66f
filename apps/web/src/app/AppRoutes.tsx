/**
 * The route tree (SPEC §2.1): the public routes here; everything else goes to the shell's
 * routes, loaded lazily with the contract's route table so /login does not carry them.
 */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RootLayout } from './guards';
import { loadShellRoutes } from './preload';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const XxbLoginPage = lazy(() => import('../features/auth/XxbLoginPage'));
const ReloginPage = lazy(() => import('../features/auth/ReloginPage'));
const NotFoundPage = lazy(() => import('../features/auth/NotFoundPage'));
const ShellRoutes = lazy(loadShellRoutes);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={PUBLIC_PATHS.login} element={<LoginPage />} />
        <Route path={PUBLIC_PATHS.xxbLogin} element={<XxbLoginPage />} />
        <Route path={PUBLIC_PATHS.relogin} element={<ReloginPage />} />
        <Route path={PUBLIC_PATHS.notFound} element={<NotFoundPage />} />
        <Route path="/" element={<Navigate to={PUBLIC_PATHS.welcome} replace />} />
        <Route path="*" element={<ShellRoutes />} />
      </Route>
    </Routes>
  );
}
