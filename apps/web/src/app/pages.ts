/**
 * The page registry: route path → lazily loaded page (the loaders are in pageLoaders.ts), and
 * every report route of REPORTS → the one report page rendering its declaration (no page file of
 * its own). A path without either shows NotBuilt (本页尚未建成). The paths come from the contract.
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { PAGE_LOADERS, REPORT_PAGE_LOADER, REPORT_PAGES } from './pageLoaders';

/** Lazy too, so its antd Empty stays out of the /login bundle. */
const NotBuilt = lazy(() => import('../platform/NotBuilt'));

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The component of a route's page; the same lazy component every time for a path. */
export const pageFor = (path: string): LazyExoticComponent<ComponentType> => {
  const loader = PAGE_LOADERS[path];
  const report = !loader && REPORT_PAGES.has(path);
  if (!loader && !report) return NotBuilt;
  let page = loaded.get(path);
  if (!page) {
    page = loader
      ? lazy(loader)
      : lazy(() => REPORT_PAGE_LOADER().then((m) => ({ default: () => createElement(m.ReportPage, { path }) })));
    loaded.set(path, page);
  }
  return page;
};

/** Paths with a built page, report pages included (a test checks each is a contract route). */
export const builtPaths = (): string[] => [...Object.keys(PAGE_LOADERS), ...REPORT_PAGES];
