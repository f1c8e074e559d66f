/**
 * A shell page's code in one wave instead of four. Left to React.lazy, a list page loads the
 * entry, then ShellRoutes, then ShellFrame (once the guard has run), then the page itself, each
 * waiting for the one before. For a browser with a session the server names the shell's and the
 * page's files in index.html (modulepreload, from the build's .vite/preload.json), so they come
 * beside the entry. The entry also starts them itself when a signed-in tab opens on a shell path,
 * in case the page came without them (the page's loader then comes from the pageLoaders chunk,
 * one wave later: the loaders stay out of the entry, so /login does not grow with the pages).
 */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { getSessionUser } from '../platform/session';

export const loadShellRoutes = () => import('./ShellRoutes');
export const loadShellFrame = () => import('./ShellFrame');

/** Paths that open without the shell (the root only redirects to /welcome). */
const OUTSIDE_SHELL = new Set<string>([
  PUBLIC_PATHS.login,
  PUBLIC_PATHS.xxbLogin,
  PUBLIC_PATHS.relogin,
  PUBLIC_PATHS.notFound,
]);

/** Whether a tab opening at `path` starts the shell's downloads ahead: not outside the shell, nor without a session. */
export const preloadsShell = (path: string, signedIn: boolean): boolean => signedIn && !OUTSIDE_SHELL.has(path);

/** Starts the shell's and the page's downloads for the path the tab opened at. */
export const preloadShell = (path: string): void => {
  if (!preloadsShell(path, getSessionUser() !== null)) return;
  // A failed download surfaces where React.lazy awaits the same import; nothing to do here.
  const quiet = () => {};
  loadShellRoutes().catch(quiet);
  loadShellFrame().catch(quiet);
  import('./pageLoaders').then((m) => m.pageLoaderFor(path)?.()).catch(quiet);
};
