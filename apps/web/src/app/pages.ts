/**
 * The page registry: route path → lazily loaded page (the loaders are in pageLoaders.ts). A
 * path without an entry shows NotBuilt (本页尚未建成). The paths themselves come from the contract.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { PAGE_LOADERS } from './pageLoaders';

/** Lazy too, so its antd Empty stays out of the /login bundle. */
const NotBuilt = lazy(() => import('../platform/NotBuilt'));

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The component of a route's page; the same lazy component every time for a path. */
export const pageFor = (path: string): LazyExoticComponent<ComponentType> => {
  const loader = PAGE_LOADERS[path];
  if (!loader) return NotBuilt;
  let page = loaded.get(path);
  if (!page) {
    page = lazy(loader);
    loaded.set(path, page);
  }
  return page;
};

/** Paths with a built page (a test checks each is a contract route). */
export const builtPaths = (): string[] => Object.keys(PAGE_LOADERS);
