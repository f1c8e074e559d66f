/**
 * The resource codes a role holds: what the permission guard checks a 'codes' route against,
 * and what login answers as each role's allRsrc.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { resource, roleResource } from '../modules/resources/schema';

/** Groups first, then pages, then buttons; each in route-table order. */
export const menuOrder = [
  asc(sql`case ${resource.kind} when 'group' then 0 when 'page' then 1 else 2 end`),
  asc(resource.sort),
  asc(resource.id),
];

/** Resource codes held by each of the roles (groups, pages and buttons), in one query. */
export const codesOfRoles = async (db: Db, roleIds: readonly number[]): Promise<Map<number, string[]>> => {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({ roleId: roleResource.roleId, code: resource.code })
    .from(roleResource)
    .innerJoin(resource, eq(resource.id, roleResource.resourceId))
    .where(inArray(roleResource.roleId, [...roleIds]))
    .orderBy(...menuOrder);
  for (const r of rows) out.get(r.roleId)?.push(r.code);
  return out;
};

export const codesOfRole = async (db: Db, roleId: number): Promise<Set<string>> =>
  new Set((await codesOfRoles(db, [roleId])).get(roleId));
