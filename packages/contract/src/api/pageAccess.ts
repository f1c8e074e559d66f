/**
 * Access of an API from the route table: a page's calls need the page's code, a button's calls
 * (新增, 编辑, 删除, 导出…) the button's code. The codes are never written twice.
 */
import { buttonCode, routeByPath } from '../routes';
import { type Access, codes, OPEN } from './endpoint';

const routeOf = (path: string) => {
  const r = routeByPath(path);
  if (!r) throw new Error(`pageAccess: ${path} is not a route of the route table`);
  return r;
};

/** Whoever may open the page (its codes; any signed-in user for an open page). */
export const pageAccess = (path: string): Access => {
  const r = routeOf(path);
  return r.codes.length > 0 ? codes(...r.codes) : OPEN;
};

/** Whoever may open any of the pages (any signed-in user when one of them is open). */
export const anyPageAccess = (...paths: string[]): Access => {
  const routes = paths.map(routeOf);
  return routes.some((r) => r.codes.length === 0) ? OPEN : codes(...routes.flatMap((r) => r.codes));
};

/** Whoever holds the page's button `key`; the page must declare that button. */
export const buttonAccess = (path: string, key: string): Access => {
  const r = routeOf(path);
  if (!r.code || !r.buttons.some((b) => b.key === key)) {
    throw new Error(`buttonAccess: ${path} declares no button "${key}"`);
  }
  return codes(buttonCode(r.code, key));
};

/** The code of a page's button, for the browser to show or hide the button. */
export const buttonCodeOf = (path: string, key: string): string => {
  const r = routeOf(path);
  if (!r.code) throw new Error(`buttonCodeOf: ${path} has no code`);
  return buttonCode(r.code, key);
};
