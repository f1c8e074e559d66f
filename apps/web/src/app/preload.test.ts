import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules, reportPageModule } from '../../shellPreload.ts';
import { PAGE_LOADERS, pageLoaderFor, WELCOME_LOADER } from './pageLoaders';
import { preloadsShell } from './preload';

describe('a tab opening on a shell page loads its code in one wave', () => {
  it('starts the shell ahead on a shell path for a signed-in user', () => {
    for (const path of ['/storeList', '/welcome', '/', '/no-such-page'])
      expect(preloadsShell(path, true), path).toBe(true);
  });

  it('loads nothing ahead on the public pages or without a session (the guard sends those to /login)', () => {
    for (const path of ['/login', '/xxbLogin', '/relogin', '/404']) expect(preloadsShell(path, true), path).toBe(false);
    expect(preloadsShell('/storeList', false)).toBe(false);
  });

  it("the page's loader: the route's page, /welcome's for the root, none for a path without a page", () => {
    expect(pageLoaderFor('/storeList')).toBe(PAGE_LOADERS['/storeList']);
    expect(pageLoaderFor('/')).toBe(WELCOME_LOADER);
    expect(pageLoaderFor('/welcome')).toBe(WELCOME_LOADER);
    expect(pageLoaderFor('/no-such-page')).toBeUndefined();
  });

  it('the preloaded page is the module the route renders', async () => {
    const early = await pageLoaderFor('/storeList')?.();
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

  it('reads the report page, which every route without a page of its own renders', () => {
    const file = join(import.meta.dirname, 'pageLoaders.ts');
    expect(reportPageModule(readFileSync(file, 'utf8'), dirname(file))).toBe(
      join(import.meta.dirname, '../platform/report/ReportPage'),
    );
  });
});
