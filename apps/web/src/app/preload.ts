/**
 * A shell page's code in one wave instead of four. Left to React.lazy, a list page loads the
 * entry, then ShellRoutes, then ShellFrame (once the guard has run), then the page itself, each
 * waiting for the one before. When the tab opens on a shell path with a signed-in user, the entry
 * starts all three downloads at once (each loader also fetches its chunk's imports), and the
 * lazy components later find them loaded or on the way.
 */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { getSessionUser } from '../platform/session';
import { PAGE_LOADERS, WELCOME_LOADER } from './pageLoaders';

export const loadShellRoutes = () => import('./ShellRoutes');
export const loadShellFrame = () => import('./ShellFrame');

/** Paths that open without the shell (the root only redirects to /welcome). */
const OUTSIDE_SHELL = new Set<string>([
  PUBLIC_PATHS.login,
  PUBLIC_PATHS.xxbLogin,
  PUBLIC_PATHS.relogin,
  PUBLIC_PATHS.notFound,
]);

/** The loaders to start for a tab opening at `path`; none outside the shell or without a session. */
export const shellLoadersFor = (path: string, signedIn: boolean): (() => Promise<unknown>)[] => {
  if (!signedIn || OUTSIDE_SHELL.has(path)) return [];
  const page = path === '/' || path === PUBLIC_PATHS.welcome ? WELCOME_LOADER : PAGE_LOADERS[path];
  return [loadShellRoutes, loadShellFrame, ...(page ? [page] : [])];
};

/** Starts the shell's and the page's downloads for the path the tab opened at. */
export const preloadShell = (path: string): void => {
  for (const load of shellLoadersFor(path, getSessionUser() !== null)) {
    // A failed download surfaces where React.lazy awaits the same import; nothing to do here.
    load().catch(() => {});
  }
};
