/** Web test set-up: jsdom lacks a few browser APIs antd uses; each test starts with a clean DOM, session and alert queue. */
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAlerts } from '../platform/alerts';
import { setNavigator } from '../platform/navigation';
import { clearSession } from '../platform/session';

// The alert and notice hosts load lazily in the app; here they are ready before the first test,
// so a test's first alert shows as fast as its later ones.
await import('../platform/Hosts');

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  act(() => {
    resetAlerts();
    clearSession();
  });
  sessionStorage.clear();
  setNavigator(() => {});
  vi.unstubAllGlobals();
});
