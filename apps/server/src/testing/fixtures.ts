/** Test data beyond the demo seed: extra accounts and roles, written straight to the tables. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { hierContent, hierContentRole, role, userRole } from '../modules/hierarchy/schema';
import { resource, roleResource } from '../modules/resources/schema';
import { hashPassword } from '../platform/password';
import { operationLog } from '../platform/schema';

export interface NewUser {
  loginName: string;
  password: string;
  phone?: string;
  isAdmin?: boolean;
  enabled?: boolean;
  kind?: 'hq' | 'boss' | 'store';
}

export const createUser = async (db: Db, u: NewUser): Promise<number> => {
  const [row] = await db
    .insert(userAccount)
    .values({
      loginName: u.loginName,
      phone: u.phone ?? null,
      nickname: `测试${u.loginName}`,
      passwordHash: await hashPassword(u.password),
      isAdmin: u.isAdmin ?? false,
      enabled: u.enabled ?? true,
      kind: u.kind ?? 'hq',
    })
    .returning({ id: userAccount.id });
  return row!.id;
};

/** A role in the named content's box holding exactly these resource codes; returns its ids. */
export const createRole = async (
  db: Db,
  opts: { code: string; name: string; contentName: string; codes: readonly string[] },
): Promise<{ roleId: number; contentRoleId: number }> => {
  const [content] = await db
    .select({ id: hierContent.id, hierId: hierContent.hierId })
    .from(hierContent)
    .where(eq(hierContent.name, opts.contentName));
  if (!content) throw new Error(`no content ${opts.contentName}`);
  const [r] = await db
    .insert(role)
    .values({ hierId: content.hierId, code: opts.code, name: opts.name, description: '' })
    .returning({ id: role.id });
  const [offer] = await db
    .insert(hierContentRole)
    .values({ contentId: content.id, roleId: r!.id })
    .returning({ id: hierContentRole.id });
  if (opts.codes.length) {
    const rows = await db
      .select({ id: resource.id })
      .from(resource)
      .where(inArray(resource.code, [...opts.codes]));
    if (rows.length) await db.insert(roleResource).values(rows.map((x) => ({ roleId: r!.id, resourceId: x.id })));
  }
  return { roleId: r!.id, contentRoleId: offer!.id };
};

/** Gives the user a role offered in a content; returns the userRoleId. */
export const grantRole = async (db: Db, userId: number, contentRoleId: number): Promise<number> => {
  const [row] = await db.insert(userRole).values({ userId, contentRoleId }).returning({ id: userRole.id });
  return row!.id;
};

/** The userRoleId of a demo holding, by login name and role code. */
export const userRoleIdOf = async (db: Db, loginName: string, roleCode: string): Promise<number> => {
  const [row] = await db
    .select({ id: userRole.id })
    .from(userRole)
    .innerJoin(userAccount, eq(userAccount.id, userRole.userId))
    .innerJoin(hierContentRole, eq(hierContentRole.id, userRole.contentRoleId))
    .innerJoin(role, eq(role.id, hierContentRole.roleId))
    .where(and(eq(userAccount.loginName, loginName), eq(role.code, roleCode)));
  if (!row) throw new Error(`${loginName} does not hold ${roleCode}`);
  return row.id;
};

export const roleIdOf = async (db: Db, code: string): Promise<number> => {
  const [row] = await db.select({ id: role.id }).from(role).where(eq(role.code, code));
  if (!row) throw new Error(`no role ${code}`);
  return row.id;
};

/** The newest operation-log row of an action. */
export const lastOperation = async (db: Db, action: string) => {
  const [row] = await db
    .select()
    .from(operationLog)
    .where(eq(operationLog.action, action))
    .orderBy(desc(operationLog.id))
    .limit(1);
  return row;
};
