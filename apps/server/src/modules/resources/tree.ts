/**
 * Reads of /resourceList: the resources as a tree (group → page → button), the menu (group →
 * category → page), search, a role's set and the roles to authorize. Only resources of the
 * current route table count: a code the table dropped stays in the database but is never shown.
 */
import type {
  MenuGroupNode,
  ResourceHit,
  ResourceItem,
  ResourceNode,
  RoleBrief,
  RoleResourceSet,
} from '@zb/contract/api/resources';
import type { HierLevel } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { RESOURCES, type ResourceDef, ROUTES, type RouteDef } from '@zb/contract/routes';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { menuOrder } from '../../platform/roleCodes';
import { hier, role } from '../hierarchy/schema';
import { resource, roleResource } from './schema';

const DEFAULTS: ReadonlyMap<string, ResourceDef> = new Map(RESOURCES.map((r) => [r.code, r]));
const ROUTE_OF: ReadonlyMap<string, RouteDef> = new Map(ROUTES.filter((r) => r.code).map((r) => [r.code as string, r]));

export const ROLE_NOT_FOUND = '角色不存在';

type Row = typeof resource.$inferSelect;

export const toItem = (r: Row): ResourceItem => {
  const def = DEFAULTS.get(r.code);
  const route = ROUTE_OF.get(r.code);
  const defaultName = def?.name ?? r.name;
  const defaultDescription = def?.description ?? r.description;
  return {
    id: r.id,
    code: r.code,
    kind: r.kind as ResourceItem['kind'],
    name: r.name,
    description: r.description,
    parentCode: r.parentCode,
    sort: r.menuSort ?? r.sort,
    defaultName,
    defaultDescription,
    edited: r.name !== defaultName || r.description !== defaultDescription || r.menuSort !== null,
    path: r.kind === 'page' ? (route?.path ?? null) : null,
    category: r.kind === 'page' ? (route?.category ?? null) : null,
  };
};

/** Every resource of the route table, groups first, each kind in menu order. */
export const knownResources = async (db: Db): Promise<Row[]> =>
  (
    await db
      .select()
      .from(resource)
      .orderBy(...menuOrder)
  ).filter((r) => DEFAULTS.has(r.code));

export const resourceTree = async (db: Db): Promise<ResourceNode[]> => {
  const rows = await knownResources(db);
  const nodes = new Map(rows.map((r) => [r.code, { ...toItem(r), children: [] as ResourceNode[] }]));
  const roots: ResourceNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code)!;
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) parent.children.push(node);
    else if (r.kind === 'group') roots.push(node);
  }
  return roots;
};

/** The menu: groups, then the categories of their menu pages (first page's order), then pages. */
export const menuTree = async (db: Db): Promise<MenuGroupNode[]> => {
  const rows = await knownResources(db);
  const groups = rows.filter((r) => r.kind === 'group').map((g): MenuGroupNode => ({ ...toItem(g), categories: [] }));
  const byCode = new Map(groups.map((g) => [g.code, g]));
  for (const r of rows) {
    if (r.kind !== 'page' || ROUTE_OF.get(r.code)?.hidden) continue;
    const group = r.parentCode ? byCode.get(r.parentCode) : undefined;
    if (!group) continue;
    const item = toItem(r);
    const label = item.category ?? '';
    let category = group.categories.find((c) => c.name === label);
    if (!category) {
      category = { name: label, pages: [] };
      group.categories.push(category);
    }
    category.pages.push(item);
  }
  return groups;
};

const SEARCH_LIMIT = 100;

/** Resources whose name, code or tip contains the keyword (case-insensitive), in menu order. */
export const searchResources = async (db: Db, keyword: string): Promise<ResourceHit[]> => {
  const rows = await knownResources(db);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const needle = keyword.toLowerCase();
  const hits = rows.filter((r) => [r.name, r.code, r.description].some((text) => text.toLowerCase().includes(needle)));
  return hits.slice(0, SEARCH_LIMIT).map((r) => {
    const trail: string[] = [];
    for (let up = r.parentCode ? byCode.get(r.parentCode) : undefined; up; ) {
      trail.unshift(up.name);
      up = up.parentCode ? byCode.get(up.parentCode) : undefined;
    }
    return { ...toItem(r), trail };
  });
};

export const requireRole = async (db: Db, roleId: number): Promise<{ id: number; name: string }> => {
  const [row] = await db.select({ id: role.id, name: role.name }).from(role).where(eq(role.id, roleId));
  if (!row) throw new BizError(ERR.PARAM_INVALID, ROLE_NOT_FOUND, { fields: { roleId: ROLE_NOT_FOUND } });
  return row;
};

export const roleResourceSet = async (db: Db, roleId: number): Promise<RoleResourceSet> => {
  const rows = await db
    .select({ id: resource.id, code: resource.code })
    .from(roleResource)
    .innerJoin(resource, eq(resource.id, roleResource.resourceId))
    .where(eq(roleResource.roleId, roleId))
    .orderBy(...menuOrder);
  return { roleId, resourceIds: rows.map((r) => r.id), codes: rows.map((r) => r.code) };
};

export const roleResourcesOf = async (db: Db, roleId: number): Promise<RoleResourceSet> => {
  await requireRole(db, roleId);
  return roleResourceSet(db, roleId);
};

export const roleList = async (db: Db): Promise<RoleBrief[]> => {
  const rows = await db
    .select({
      id: role.id,
      code: role.code,
      name: role.name,
      description: role.description,
      hierId: hier.id,
      hierName: hier.name,
      level: hier.level,
    })
    .from(role)
    .innerJoin(hier, eq(hier.id, role.hierId))
    .orderBy(asc(hier.sort), asc(hier.id), asc(role.id));
  return rows.map((r) => ({ ...r, level: r.level as HierLevel }));
};
