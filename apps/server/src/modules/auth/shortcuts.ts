/** Shortcuts (快捷入口): pages of a role a user pins, at most SHORTCUT_MAX, per role. */
import type { QuickEntry, ShortcutNode } from '@zb/contract/api/auth';
import { SHORTCUT_MAX } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { holdsRole } from '../hierarchy/queries';
import { pagesOfRoleAmong, resourcesOfRole } from '../resources/queries';
import { resource } from '../resources/schema';
import { replaceShortcuts } from '../resources/service';
import { quicksOfUser } from './account';

const requireHeldRole = async (db: Db, auth: Auth, roleId: number): Promise<void> => {
  if (!(await holdsRole(db, auth.user.id, roleId))) throw new BizError(ERR.ROLE_NOT_OWNED);
};

/** The role's pages as a tree: each group with the pages of it the role holds. */
export const shortcutTree = async (db: Db, auth: Auth, roleId: number): Promise<ShortcutNode[]> => {
  await requireHeldRole(db, auth, roleId);
  const [groups, held] = await Promise.all([
    db
      .select({ id: resource.id, name: resource.name, code: resource.code })
      .from(resource)
      .where(eq(resource.kind, 'group'))
      .orderBy(asc(resource.sort), asc(resource.id)),
    resourcesOfRole(db, roleId),
  ]);
  const pages = held.filter((r) => r.kind === 'page');
  return groups
    .map((g) => ({
      id: g.id,
      name: g.name,
      rsrc: g.code,
      children: pages
        .filter((p) => p.parentCode === g.code)
        .map((p) => ({ id: p.id, name: p.name, rsrc: p.code, children: [] })),
    }))
    .filter((g) => g.children.length > 0);
};

export const shortcutList = async (db: Db, auth: Auth, roleId: number): Promise<QuickEntry[]> => {
  await requireHeldRole(db, auth, roleId);
  return (await quicksOfUser(db, auth.user.id, [roleId])).get(roleId) ?? [];
};

export interface ShortcutSave {
  roleId: number;
  resourcesId: number[];
  userId: number;
}

/**
 * Replaces the saved shortcuts of the caller's role. Group ids (the tree's parent nodes) are
 * ignored; any other id must be a page of the role. The first SHORTCUT_MAX are kept.
 */
export const saveShortcuts = async (db: Db, auth: Auth, save: ShortcutSave): Promise<QuickEntry[]> => {
  const userId = auth.user.id;
  if (save.userId !== userId) throw new BizError(ERR.FORBIDDEN, '只能设置自己的快捷入口');
  await requireHeldRole(db, auth, save.roleId);
  const wanted = [...new Set(save.resourcesId)];
  const [kinds, pages] = await Promise.all([
    wanted.length
      ? db.select({ id: resource.id, kind: resource.kind }).from(resource).where(inArray(resource.id, wanted))
      : Promise.resolve([]),
    pagesOfRoleAmong(db, save.roleId, wanted),
  ]);
  const groupIds = new Set(kinds.filter((k) => k.kind === 'group').map((k) => k.id));
  const candidates = wanted.filter((id) => !groupIds.has(id));
  if (candidates.some((id) => !pages.has(id))) {
    throw new BizError(ERR.PARAM_INVALID, '快捷入口只能选择当前角色可访问的页面');
  }
  const kept = candidates.slice(0, SHORTCUT_MAX);

  await db.transaction(async (tx) => {
    const before = await replaceShortcuts(tx, userId, save.roleId, kept);
    await recordOperation(tx, {
      userId,
      action: 'saveShortcuts',
      target: `user_quick:${userId}:${save.roleId}`,
      before,
      after: kept,
    });
  });
  return shortcutList(db, auth, save.roleId);
};
