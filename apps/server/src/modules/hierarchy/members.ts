/**
 * Role members: who may be added to a role offered in a content (the check the browser shows
 * before confirming, repeated by the add itself), adding and removing. A removed holding takes
 * its sessions' role with it (session.user_role_id is set null), so a tab acting in it is ended
 * on its next call and the role no longer appears at sign-in.
 */
import type { MemberCheck, RoleMember } from '@zb/contract/api/hierarchy';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { uniqueViolation } from './dbErrors';
import { memberByUserRole } from './reads';
import { hierContent, hierContentRole, role, userRole } from './schema';

const ALREADY = '该账号已是此角色的成员';

const offerOf = async (db: Db, contentRoleId: number, lock: boolean) => {
  const q = db
    .select({ id: hierContentRole.id, contentName: hierContent.name, roleName: role.name, roleId: role.id })
    .from(hierContentRole)
    .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
    .innerJoin(role, eq(role.id, hierContentRole.roleId))
    .where(eq(hierContentRole.id, contentRoleId));
  const [offer] = await (lock ? q.for('update', { of: hierContentRole }) : q);
  if (!offer) throw new BizError(ERR.HIER_NOT_FOUND, '该节点下没有这个角色');
  return offer;
};

/** Why the account may not hold the offer, or null when it may. */
const refusal = async (
  db: Db,
  actor: Auth,
  account: typeof userAccount.$inferSelect,
  contentRoleId: number,
): Promise<string | null> => {
  if (account.isAdmin) return '系统管理员拥有全部权限，无需添加角色';
  if (!account.enabled) return '该账号已停用，不能添加为成员';
  if (account.kind === 'boss') return '门店老板账号不能直接添加角色，请由老板在登录页申请老板权限';
  if (!actor.user.isAdmin && account.id === actor.user.id) return '不能给自己添加角色';
  const [held] = await db
    .select({ id: userRole.id })
    .from(userRole)
    .where(and(eq(userRole.userId, account.id), eq(userRole.contentRoleId, contentRoleId)));
  return held ? ALREADY : null;
};

const accountOf = async (db: Db, userId: number) => {
  const [account] = await db.select().from(userAccount).where(eq(userAccount.id, userId));
  if (!account) throw new BizError(ERR.HIER_NOT_FOUND, '账号不存在');
  return account;
};

export const checkMember = async (
  db: Db,
  actor: Auth,
  q: { contentRoleId: number; userId: number },
): Promise<MemberCheck> => {
  const offer = await offerOf(db, q.contentRoleId, false);
  const account = await accountOf(db, q.userId);
  const reason = await refusal(db, actor, account, offer.id);
  return {
    allowed: reason === null,
    reason,
    account: {
      id: account.id,
      loginName: account.loginName,
      nickname: account.nickname,
      phone: account.phone ?? '',
      enabled: account.enabled,
      kind: account.kind,
    },
    contentName: offer.contentName,
    roleName: offer.roleName,
  };
};

export const addMember = async (
  db: Db,
  actor: Auth,
  q: { contentRoleId: number; userId: number },
): Promise<RoleMember> => {
  let userRoleId: number;
  try {
    userRoleId = await db.transaction(async (tx) => {
      // The offer stays locked until commit: a delete of the role or content waits and then counts this member.
      const offer = await offerOf(tx, q.contentRoleId, true);
      const account = await accountOf(tx, q.userId);
      const reason = await refusal(tx, actor, account, offer.id);
      if (reason) throw new BizError(ERR.HIER_MEMBER_REFUSED, reason);
      const [row] = await tx.insert(userRole).values({ userId: account.id, contentRoleId: offer.id }).returning();
      await recordOperation(tx, {
        userId: actor.user.id,
        action: 'addHierContentRoleMember',
        target: `user_role:${row!.id}`,
        after: { ...row, loginName: account.loginName, contentName: offer.contentName, roleName: offer.roleName },
      });
      return row!.id;
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new BizError(ERR.HIER_MEMBER_REFUSED, ALREADY);
    throw err;
  }
  return (await memberByUserRole(db, userRoleId))!;
};

export const removeMember = (db: Db, actor: Auth, userRoleId: number): Promise<null> =>
  db.transaction(async (tx) => {
    const before = await memberByUserRole(tx, userRoleId);
    if (!before) throw new BizError(ERR.HIER_NOT_FOUND, '该成员不存在或已移除');
    if (actor.role?.userRoleId === userRoleId)
      throw new BizError(ERR.HIER_MEMBER_REFUSED, '不能移除自己当前使用的角色');
    const deleted = await tx.delete(userRole).where(eq(userRole.id, userRoleId)).returning({ id: userRole.id });
    // Removed by someone else in the meantime.
    if (deleted.length === 0) throw new BizError(ERR.HIER_NOT_FOUND, '该成员不存在或已移除');
    await recordOperation(tx, {
      userId: actor.user.id,
      action: 'delHierRoleMember',
      target: `user_role:${userRoleId}`,
      before,
    });
    return null;
  });

/**
 * Gives the user the role `roleCode` in the store's content, offering the role there first if it
 * is not yet offered (an approved boss authority, modules/approvals). Answers the offer's id, or
 * null when the store's level has no such role. The caller logs the decision that led here.
 */
export const grantStoreRole = async (
  tx: Db,
  userId: number,
  storeId: number,
  roleCode: string,
): Promise<number | null> => {
  const [target] = await tx
    .select({ contentId: hierContent.id, roleId: role.id })
    .from(hierContent)
    .innerJoin(role, and(eq(role.hierId, hierContent.hierId), eq(role.code, roleCode)))
    .where(eq(hierContent.storeId, storeId))
    .orderBy(asc(hierContent.id))
    .limit(1);
  if (!target) return null;
  await tx.insert(hierContentRole).values(target).onConflictDoNothing();
  const [offer] = await tx
    .select({ id: hierContentRole.id })
    .from(hierContentRole)
    .where(and(eq(hierContentRole.contentId, target.contentId), eq(hierContentRole.roleId, target.roleId)));
  await tx.insert(userRole).values({ userId, contentRoleId: offer!.id }).onConflictDoNothing();
  return offer!.id;
};
