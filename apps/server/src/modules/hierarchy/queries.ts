/** Reads of the hierarchy shared by the sign-in calls and the guard. */
import type { HierLevel } from '@zb/contract/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hier, hierContent, hierContentRole, role, userRole } from './schema';

export interface HeldRole {
  userRoleId: number;
  roleId: number;
  roleCode: string;
  roleName: string;
  description: string;
  hierId: number;
  level: HierLevel;
  contentId: number;
  contentName: string;
  regionId: number | null;
  storeId: number | null;
}

/** The roles a user holds, one row per userRoleId, in the order they were given. */
export const rolesOfUser = async (db: Db, userId: number, onlyUserRoleId?: number): Promise<HeldRole[]> => {
  const rows = await db
    .select({
      userRoleId: userRole.id,
      roleId: role.id,
      roleCode: role.code,
      roleName: role.name,
      description: role.description,
      hierId: hier.id,
      level: hier.level,
      contentId: hierContent.id,
      contentName: hierContent.name,
      regionId: hierContent.regionId,
      storeId: hierContent.storeId,
    })
    .from(userRole)
    .innerJoin(hierContentRole, eq(hierContentRole.id, userRole.contentRoleId))
    .innerJoin(role, eq(role.id, hierContentRole.roleId))
    .innerJoin(hier, eq(hier.id, role.hierId))
    .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
    .where(and(eq(userRole.userId, userId), onlyUserRoleId === undefined ? undefined : eq(userRole.id, onlyUserRoleId)))
    .orderBy(asc(userRole.id));
  return rows.map((r) => ({ ...r, level: r.level as HierLevel }));
};

/** Whether the user holds the role in any content. */
export const holdsRole = async (db: Db, userId: number, roleId: number): Promise<boolean> => {
  const rows = await db
    .select({ id: userRole.id })
    .from(userRole)
    .innerJoin(hierContentRole, eq(hierContentRole.id, userRole.contentRoleId))
    .where(and(eq(userRole.userId, userId), eq(hierContentRole.roleId, roleId)))
    .limit(1);
  return rows.length > 0;
};
