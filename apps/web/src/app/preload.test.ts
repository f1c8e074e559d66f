import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules } from '../../shellPreload.ts';
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

describe("the build's preload map (shellPreload.ts) reads every page loader", () => {
  it('has every path of PAGE_LOADERS, and / and /welcome, each at its module', () => {
    const file = join(import.meta.dirname, 'pageLoaders.ts');
    const modules = pageModules(readFileSync(file, 'utf8'), dirname(file));
    expect([...modules.keys()].sort()).toEqual([...Object.keys(PAGE_LOADERS), '/', '/welcome'].sort());
    expect(modules.get('/storeList')).toBe(join(import.meta.dirname, '../features/stores/StoreListPage'));
  });
});
