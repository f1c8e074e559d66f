/** Reads of the resource table shared by the permission guard and the account calls. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menuOrder } from '../../platform/roleCodes';
import { resource, roleResource } from './schema';

const resourceColumns = {
  id: resource.id,
  code: resource.code,
  name: resource.name,
  description: resource.description,
  kind: resource.kind,
  parentCode: resource.parentCode,
};

export type ResourceRow = {
  id: number;
  code: string;
  name: string;
  description: string;
  kind: string;
  parentCode: string | null;
};

/** Every resource, groups first, each kind in route-table order. */
export const allResources = (db: Db): Promise<ResourceRow[]> =>
  db
    .select(resourceColumns)
    .from(resource)
    .orderBy(...menuOrder);

/** The resources a role holds, in the same order. */
export const resourcesOfRole = (db: Db, roleId: number): Promise<ResourceRow[]> =>
  db
    .select(resourceColumns)
    .from(roleResource)
    .innerJoin(resource, eq(resource.id, roleResource.resourceId))
    .where(eq(roleResource.roleId, roleId))
    .orderBy(...menuOrder);

/** The page resources of a role among the given ids (to check shortcuts). */
export const pagesOfRoleAmong = async (db: Db, roleId: number, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: resource.id })
    .from(roleResource)
    .innerJoin(resource, eq(resource.id, roleResource.resourceId))
    .where(and(eq(roleResource.roleId, roleId), eq(resource.kind, 'page'), inArray(resource.id, [...ids])));
  return new Set(rows.map((r) => r.id));
};
