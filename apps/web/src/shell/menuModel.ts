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

export const buildMenu = (user: SessionUser | null, ctx: MenuContext): MenuGroupModel[] =>
  menuGroups(ctx).map((g) => {
    const categories: MenuCategory[] = [];
    for (const route of ROUTES) {
      if (route.group !== g.code || !inMenu(route, ctx)) continue;
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
      first: firstVisibleChild(g.code, ctx)?.path ?? categories[0]?.items[0]?.path ?? '',
      categories,
    };
  });

/** The menu entry a route lights up: a hidden detail lights its parent page. */
export const menuKeyOf = (route: RouteDef | undefined): string | undefined => {
  if (!route) return undefined;
  return route.hidden && route.parent ? route.parent : route.path;
};
