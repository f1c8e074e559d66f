/**
 * The left menu as data (SPEC §2.2, §6), built from the contract's route table and the user's
 * codes: the groups they see, each group's visible children grouped by category, display names
 * and tips from the user's own resources, falling back to the contract's titles.
 */

import type { MenuContext } from '@zb/contract/access';
import { GROUPS, type GroupCode } from '@zb/contract/groups';
import { firstVisibleChild, inMenu, menuGroups, ROUTES, type RouteDef } from '@zb/contract/routes';
import { resourceOf } from '../platform/permissions';
import type { SessionUser } from '../platform/session';

export interface MenuLeaf {
  path: string;
  name: string;
  tip: string;
}

export interface MenuCategory {
  label: string;
  items: MenuLeaf[];
}

export interface MenuGroupModel {
  code: GroupCode;
  name: string;
  icon: (typeof GROUPS)[number]['icon'];
  /** Where clicking the group title goes: its first visible child. */
  first: string;
  categories: MenuCategory[];
}

const leafOf = (route: RouteDef, user: SessionUser | null): MenuLeaf => {
  const own = resourceOf(user, route.code);
  return { path: route.path, name: own?.name || route.title, tip: own?.description || route.tip };
};

export const groupDisplayName = (code: GroupCode, user: SessionUser | null): string =>
  resourceOf(user, code)?.name || (GROUPS.find((g) => g.code === code)?.name ?? code);

/**
 * The server answers the user's resources in menu order (an administrator may re-order groups
 * and pages in /resourceList); the menu follows it. A route without a code keeps its place
 * after the route before it in the table.
 */
const menuRank = (user: SessionUser | null): ((code: string | null) => number | undefined) => {
  const rank = new Map(user?.menu.map((m, i) => [m.code, i]) ?? []);
  return (code) => (code ? rank.get(code) : undefined);
};

const inMenuOrder = <T>(items: readonly T[], keyOf: (item: T) => number | undefined): T[] => {
  let previous = -1;
  const keyed = items.map((item, i) => {
    const key = keyOf(item) ?? previous;
    previous = key;
    return { item, key, i };
  });
  return keyed.sort((a, b) => a.key - b.key || a.i - b.i).map((k) => k.item);
};

export const buildMenu = (user: SessionUser | null, ctx: MenuContext): MenuGroupModel[] => {
  const rank = menuRank(user);
  return inMenuOrder(menuGroups(ctx), (g) => rank(g.code)).map((g) => {
    const routes = inMenuOrder(
      ROUTES.filter((r) => r.group === g.code && inMenu(r, ctx)),
      (r) => rank(r.code),
    );
    const categories: MenuCategory[] = [];
    for (const route of routes) {
      let category = categories.find((c) => c.label === route.category);
      if (!category) {
        category = { label: route.category, items: [] };
        categories.push(category);
      }
      category.items.push(leafOf(route, user));
    }
    return {
      code: g.code,
      name: groupDisplayName(g.code, user),
      icon: g.icon,
      first: routes[0]?.path ?? firstVisibleChild(g.code, ctx)?.path ?? '',
      categories,
    };
  });
};

/** The menu entry a route lights up: a hidden detail lights its parent page. */
export const menuKeyOf = (route: RouteDef | undefined): string | undefined => {
  if (!route) return undefined;
  return route.hidden && route.parent ? route.parent : route.path;
};
