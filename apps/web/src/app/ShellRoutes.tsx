/**
 * Every shell route: /welcome and each contract route at its exact, case-sensitive path, as
 * children of the shell; any other path goes to /404. Built from ROUTES, never a list of its own.
 */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { ROUTES } from '@zb/contract/routes';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AllowedPage, RouteGate, ShellGate } from './guards';
import { WELCOME_LOADER } from './pageLoaders';
import { pageFor } from './pages';

const WelcomePage = lazy(WELCOME_LOADER);

function ContractPage({ path }: { path: string }) {
  const Page = pageFor(path);
  return <Page />;
}

export default function ShellRoutes() {
  return (
    <Routes>
      <Route element={<ShellGate />}>
        <Route
          path={PUBLIC_PATHS.welcome}
          element={
            <AllowedPage>
              <WelcomePage />
            </AllowedPage>
          }
        />
        {ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            caseSensitive
            element={
              <RouteGate route={route}>
                <ContractPage path={route.path} />
              </RouteGate>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={PUBLIC_PATHS.notFound} replace />} />
    </Routes>
  );
}
