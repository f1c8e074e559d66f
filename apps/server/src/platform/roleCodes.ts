/**
 * The resource codes a role holds: what the permission guard checks a 'codes' route against,
 * and what login answers as each role's allRsrc.
 *
 * They are read on nearly every call, and change rarely, so each server instance keeps them per
 * database and per role, together with the permissions version they were read at. A trigger
 * (migration 0005) bumps that version on any change to resource or role_resource, so one cheap
 * read of it per call tells whether what is kept still holds — on every instance, at once.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { resource, roleResource } from '../modules/resources/schema';
import { PERMISSIONS_VERSION, readVersions } from './authVersion';

export { PERMISSIONS_VERSION };

/** Groups first, then pages, then buttons; each in menu order (an administrator's, else the route table's). */
export const menuOrder = [
  asc(sql`case ${resource.kind} when 'group' then 0 when 'page' then 1 else 2 end`),
  asc(sql`coalesce(${resource.menuSort}, ${resource.sort})`),
  asc(resource.id),
];

interface Kept {
  version: string;
  codes: string[];
}

/** Per database handle (tests run many databases in one process), per role id. */
const kept = new WeakMap<Db, Map<number, Kept>>();

const permissionsVersion = async (db: Db): Promise<string> => (await readVersions(db)).permissions;

const readCodes = async (db: Db, roleIds: readonly number[]): Promise<Map<number, string[]>> => {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  const rows = await db
    .select({ roleId: roleResource.roleId, code: resource.code })
    .from(roleResource)
    .innerJoin(resource, eq(resource.id, roleResource.resourceId))
    .where(inArray(roleResource.roleId, [...roleIds]))
    .orderBy(...menuOrder);
  for (const r of rows) out.get(r.roleId)?.push(r.code);
  return out;
};

/**
 * Resource codes held by each of the roles (groups, pages and buttons). The permissions version
 * is read here unless the caller has just read it (the guard reads it with the session's).
 */
export const codesOfRoles = async (
  db: Db,
  roleIds: readonly number[],
  versionNow?: string,
): Promise<Map<number, string[]>> => {
  if (roleIds.length === 0) return new Map();
  const version = versionNow ?? (await permissionsVersion(db));
  let cache = kept.get(db);
  if (!cache) {
    cache = new Map();
    kept.set(db, cache);
  }
  const stale = roleIds.filter((id) => cache.get(id)?.version !== version);
  if (stale.length > 0) {
    for (const [id, codes] of await readCodes(db, stale)) cache.set(id, { version, codes });
  }
  return new Map(roleIds.map((id) => [id, cache.get(id)?.codes ?? []]));
};

/** The codes this instance keeps for a role and the permissions version they were read at; none read. */
export const keptCodesOfRole = (db: Db, roleId: number): { codes: Set<string>; version: string } | null => {
  const k = kept.get(db)?.get(roleId);
  return k ? { codes: new Set(k.codes), version: k.version } : null;
};

export const codesOfRole = async (db: Db, roleId: number, versionNow?: string): Promise<Set<string>> =>
  new Set((await codesOfRoles(db, [roleId], versionNow)).get(roleId));
