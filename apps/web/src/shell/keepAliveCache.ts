/**
 * Which pages the shell keeps alive (SPEC §2.2 "a fixed list of pages is cached"), as pure
 * functions: the contract's keepAlive routes are kept by path (their query is their state);
 * any other page is keyed by path and query, so a detail opened with another id is another page.
 */
import { routeByPath } from '@zb/contract/routes';

export const KEEP_ALIVE_MAX = 10;

export interface KeptPage {
  key: string;
  /** The page's own location, restored when it is reopened from the menu without a query. */
  pathname: string;
  search: string;
  scrollY: number;
}

export const isKeptAlive = (pathname: string): boolean => !!routeByPath(pathname)?.keepAlive;

export const pageKey = (pathname: string, search: string): string =>
  isKeptAlive(pathname) ? pathname : pathname + search;

/** Puts the page first (most recent), dropping the oldest beyond the maximum. */
export const touch = (pages: readonly KeptPage[], page: KeptPage, max: number = KEEP_ALIVE_MAX): KeptPage[] => {
  const rest = pages.filter((p) => p.key !== page.key);
  return [page, ...rest].slice(0, max);
};

/**
 * Where a kept page reopens: opened bare (from the menu, the bell, a 返回 button) it goes back to
 * its own query; opened with a query of its own, that query wins.
 */
export const restoreTarget = (kept: KeptPage | undefined, pathname: string, search: string): string | null =>
  kept && !search && kept.search && kept.pathname === pathname ? pathname + kept.search : null;
