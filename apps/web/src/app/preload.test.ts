import { describe, expect, it } from 'vitest';
import { PAGE_LOADERS, WELCOME_LOADER } from './pageLoaders';
import { loadShellFrame, loadShellRoutes, shellLoadersFor } from './preload';

describe('a tab opening on a shell page loads its code in one wave', () => {
  it('starts the shell routes, the shell frame and the page together for a signed-in user', () => {
    expect(shellLoadersFor('/storeList', true)).toEqual([loadShellRoutes, loadShellFrame, PAGE_LOADERS['/storeList']]);
    expect(shellLoadersFor('/welcome', true)).toEqual([loadShellRoutes, loadShellFrame, WELCOME_LOADER]);
    expect(shellLoadersFor('/', true)).toEqual([loadShellRoutes, loadShellFrame, WELCOME_LOADER]);
  });

  it('a route without a built page still gets the shell', () => {
    expect(shellLoadersFor('/no-such-page', true)).toEqual([loadShellRoutes, loadShellFrame]);
  });

  it('loads nothing ahead on the public pages or without a session (the guard sends those to /login)', () => {
    for (const path of ['/login', '/xxbLogin', '/relogin', '/404'])
      expect(shellLoadersFor(path, true), path).toEqual([]);
    expect(shellLoadersFor('/storeList', false)).toEqual([]);
  });

  it('the preloaded page is the module the route renders', async () => {
    const early = await PAGE_LOADERS['/storeList']?.();
    const { default: StoreListPage } = await import('../features/stores/StoreListPage');
    expect(early?.default).toBe(StoreListPage);
  });
});
