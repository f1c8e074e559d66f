/**
 * Writes of /resourceList: names and tips (updateResources), the menu's names, tips and order
 * (updateMenu), resetting a menu entry to the route table (deleteMenu), and a role's resources
 * (addRoleResources). Each is one transaction with its operation-log row.
 *
 * A change to role_resource or resource bumps the permissions version (migration 0005), so the
 * guard refuses a removed page on the very next call, and the next sign-in or role choice
 * answers the new menu.
 */
import type {
  addRoleResourcesBody,
  ResourceItem,
  RoleResourceSet,
  updateMenuBody,
  updateResourceBody,
} from '@zb/contract/api/resources';
import { ERR } from '@zb/contract/errcodes';
import type { OperationAction } from '@zb/contract/operationLog';
import { RESOURCES } from '@zb/contract/routes';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { resource, roleResource, userQuick } from './schema';
import { knownResources, requireRole, roleResourceSet, toItem } from './tree';

const DEFAULTS = new Map(RESOURCES.map((r) => [r.code, r]));

type Row = typeof resource.$inferSelect;

const editable = (r: Row) => ({ name: r.name, description: r.description, menuSort: r.menuSort });

const loadKnown = async (db: Db, id: number, notFound: string): Promise<Row> => {
  const [row] = await db.select().from(resource).where(eq(resource.id, id));
  if (!row || !DEFAULTS.has(row.code)) throw new BizError(ERR.PARAM_INVALID, notFound, { fields: { id: notFound } });
  return row;
};

const save = async (
  db: Db,
  auth: Auth,
  before: Row,
  set: Partial<Pick<Row, 'name' | 'description' | 'menuSort'>>,
  action: OperationAction,
): Promise<ResourceItem> =>
  db.transaction(async (tx) => {
    const [after] = await tx.update(resource).set(set).where(eq(resource.id, before.id)).returning();
    await recordOperation(tx, {
      userId: auth.user.id,
      action,
      target: `resource:${before.code}`,
      before: editable(before),
      after: editable(after!),
    });
    return toItem(after!);
  });

/** Renames a resource (group, page or button) and sets its tip. */
export const updateResource = async (
  db: Db,
  auth: Auth,
  body: z.output<typeof updateResourceBody>,
): Promise<ResourceItem> => {
  const row = await loadKnown(db, body.id, '资源不存在');
  return save(db, auth, row, { name: body.name, description: body.description }, 'updateResources');
};

const MENU_NOT_FOUND = '菜单不存在';

const loadMenuEntry = async (db: Db, id: number): Promise<Row> => {
  const row = await loadKnown(db, id, MENU_NOT_FOUND);
  if (row.kind === 'button') {
    throw new BizError(ERR.PARAM_INVALID, '按钮不是菜单项，请在资源中修改其名称', { fields: { id: '按钮不是菜单项' } });
  }
  return row;
};

/** Renames, re-tips or re-orders a menu group or page; fields left out keep their value. */
export const updateMenu = async (db: Db, auth: Auth, body: z.output<typeof updateMenuBody>): Promise<ResourceItem> => {
  const row = await loadMenuEntry(db, body.id);
  const set: Partial<Row> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.sort !== undefined) set.menuSort = body.sort;
  return save(db, auth, row, set, 'updateMenu');
};

/**
 * "Deleting" a menu entry resets it: the route table decides what exists, so the entry keeps
 * existing and keeps its role grants; its name, tip and position go back to the route table's.
 */
export const resetMenu = async (db: Db, auth: Auth, id: number): Promise<ResourceItem> => {
  const row = await loadMenuEntry(db, id);
  const def = DEFAULTS.get(row.code)!;
  return save(db, auth, row, { name: def.name, description: def.description, menuSort: null }, 'deleteMenu');
};

/**
 * Sets a role's resources to exactly the given ids, plus what they imply: a button its page, a
 * page its group. Unknown ids are refused and nothing changes.
 */
export const setRoleResources = async (
  db: Db,
  auth: Auth,
  body: z.output<typeof addRoleResourcesBody>,
): Promise<RoleResourceSet> => {
  await requireRole(db, body.roleId);
  const rows = await knownResources(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const unknown = [...new Set(body.resourceIds.filter((id) => !byId.has(id)))];
  if (unknown.length > 0) {
    const msg = `资源不存在：${unknown.slice(0, 10).join('、')}${unknown.length > 10 ? '…' : ''}`;
    throw new BizError(ERR.PARAM_INVALID, msg, { fields: { resourceIds: msg } });
  }
  const wanted = new Set<number>();
  for (const id of body.resourceIds) {
    for (let r = byId.get(id); r && !wanted.has(r.id); r = r.parentCode ? byCode.get(r.parentCode) : undefined) {
      wanted.add(r.id);
    }
  }
  return db.transaction(async (tx) => {
    const before = await roleResourceSet(tx, body.roleId);
    await tx.delete(roleResource).where(eq(roleResource.roleId, body.roleId));
    if (wanted.size > 0) {
      await tx.insert(roleResource).values([...wanted].map((resourceId) => ({ roleId: body.roleId, resourceId })));
    }
    const after = await roleResourceSet(tx, body.roleId);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'addRoleResources',
      target: `role:${body.roleId}`,
      before: before.codes,
      after: after.codes,
    });
    return after;
  });
};

/** Replaces a user's shortcuts in one role by `resourceIds`, in that order; answers the ones before. */
export const replaceShortcuts = async (
  tx: Tx,
  userId: number,
  roleId: number,
  resourceIds: readonly number[],
): Promise<number[]> => {
  const mine = and(eq(userQuick.userId, userId), eq(userQuick.roleId, roleId));
  const before = await tx.select({ id: userQuick.resourceId }).from(userQuick).where(mine).orderBy(asc(userQuick.sort));
  await tx.delete(userQuick).where(mine);
  if (resourceIds.length > 0) {
    await tx.insert(userQuick).values(resourceIds.map((resourceId, sort) => ({ userId, roleId, resourceId, sort })));
  }
  return before.map((r) => r.id);
};
