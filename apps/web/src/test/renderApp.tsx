/** Renders the whole app (providers, router, guards) at a path, with a probe on the current location. */
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect } from 'vitest';
import { AppRoutes } from '../app/AppRoutes';
import { NavigationBridge } from '../app/NavigationBridge';
import { Providers } from '../app/Providers';
import { AntAppContext } from '../platform/AntAppContext';

/** Lazy pages load through Vite's transform the first time, which can take a while in jsdom. */
export const SLOW = { timeout: 8000 };

function LocationProbe({ at }: { at: { current: string } }) {
  const location = useLocation();
  at.current = location.pathname + location.search;
  return null;
}

export const renderApp = (path: string) => {
  const at = { current: '' };
  const view = render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <NavigationBridge />
        <LocationProbe at={at} />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  const waitForPath = (expected: string) => waitFor(() => expect(at.current).toBe(expected), SLOW);
  return { ...view, path: () => at.current, waitForPath };
};

/** Renders one component inside the app's providers (antd locale, alert host) and the shell's antd <App> context, without the router. */
export const renderInProviders = (ui: ReactNode) =>
  render(
    <Providers>
      <AntAppContext>{ui}</AntAppContext>
    </Providers>,
  );
