/**
 * The route table of SPEC §2: every shell route with its Chinese title, group, category, tip,
 * permission codes, hidden flag and keep-alive flag. The only list of routes in the project.
 */
import { canOpen, type MenuContext } from './access';
import { GROUPS, type GroupCode, SCRM_CATEGORY } from './groups';
import approvals from './routeTable/approvals';
import basic from './routeTable/basic';
import type { RouteDef } from './routeTable/define';
import goods from './routeTable/goods';
import mall from './routeTable/mall';
import members from './routeTable/members';
import messages from './routeTable/messages';
import offers from './routeTable/offers';
import operations from './routeTable/operations';
import orders from './routeTable/orders';
import reports from './routeTable/reports';
import security from './routeTable/security';
import staff from './routeTable/staff';
import stores from './routeTable/stores';

export type { ButtonDef, RouteDef } from './routeTable/define';
export { buttonCode, resourceCode } from './routeTable/define';

export const ROUTES: readonly RouteDef[] = [
  ...goods,
  ...stores,
  ...staff,
  ...members,
  ...mall,
  ...offers,
  ...orders,
  ...reports,
  ...approvals,
  ...messages,
  ...basic,
  ...operations,
  ...security,
];

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export const routeByPath = (path: string): RouteDef | undefined => byPath.get(path);

export const groupRoutes = (group: GroupCode): RouteDef[] => ROUTES.filter((r) => r.group === group);

/** Whether a route shows in the menu for this user. */
export const inMenu = (route: RouteDef, ctx: MenuContext): boolean =>
  !route.hidden && canOpen(route, ctx.codes) && (route.category !== SCRM_CATEGORY || !!ctx.storeCount);

/** The groups a user sees in the left menu: their code is the user's and a child shows. */
export const menuGroups = (ctx: MenuContext) =>
  GROUPS.filter((g) => ctx.codes.has(g.code) && ROUTES.some((r) => r.group === g.code && inMenu(r, ctx)));

/** Clicking a group goes to its first visible child. */
export const firstVisibleChild = (group: GroupCode, ctx: MenuContext): RouteDef | undefined =>
  ROUTES.find((r) => r.group === group && inMenu(r, ctx));

export type ResourceKind = 'group' | 'page' | 'button';

export interface ResourceDef {
  code: string;
  name: string;
  description: string;
  kind: ResourceKind;
  /** The group of a page, the page of a button; null for a group. */
  parentCode: string | null;
  sort: number;
}

/** Every resource a role can be given: the groups, each page's own code, each page's buttons. */
export const RESOURCES: readonly ResourceDef[] = (() => {
  const out: ResourceDef[] = [];
  GROUPS.forEach((g, i) => {
    out.push({ code: g.code, name: g.name, description: '', kind: 'group', parentCode: null, sort: i });
  });
  ROUTES.forEach((r, i) => {
    if (!r.code) return;
    out.push({ code: r.code, name: r.title, description: r.tip, kind: 'page', parentCode: r.group, sort: i });
    r.buttons.forEach((b, j) => {
      out.push({
        code: `${r.code}:${b.key}`,
        name: b.name,
        description: '',
        kind: 'button',
        parentCode: r.code,
        sort: j,
      });
    });
  });
  return out;
})();
