/**
 * The page registry: route path → lazily loaded page (the loaders are in pageLoaders.ts). Any
 * other route of the route table loads the report page, which renders the route's declaration in
 * REPORTS (no page file of its own: a new report is only a declaration) or NotBuilt (本页尚未建成)
 * when it has none. A path outside the route table shows NotBuilt. The paths come from the contract.
 */
import { routeByPath } from '@zb/contract/routes';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { PAGE_LOADERS, REPORT_PAGE_LOADER } from './pageLoaders';

/** Lazy too, so its antd Empty stays out of the /login bundle. */
const NotBuilt = lazy(() => import('../platform/NotBuilt'));

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The component of a route's page; the same lazy component every time for a path. */
export const pageFor = (path: string): LazyExoticComponent<ComponentType> => {
  const loader = PAGE_LOADERS[path];
  if (!loader && !routeByPath(path)) return NotBuilt;
  let page = loaded.get(path);
  if (!page) {
    page = loader ? lazy(loader) : lazy(() => REPORT_PAGE_LOADER().then((m) => ({ default: m.pageOf(path) })));
    loaded.set(path, page);
  }
  return page;
};

/**
 * Paths with a hand-written page (a test checks each is a contract route). Report routes are
 * platform/report/ReportPage's reportPagePaths(), kept out of the shell.
 */
export const builtPaths = (): string[] => Object.keys(PAGE_LOADERS);
