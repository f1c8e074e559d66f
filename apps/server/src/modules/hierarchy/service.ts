/**
 * Changes to the hierarchy: boxes, contents, roles and the roles offered in a content, with
 * their guards (unique names, the level a content needs, nothing deleted while members hold it).
 * Every change runs in one transaction with its operation-log row. Rows a guard counts under are
 * locked first (FOR UPDATE), so a member added at the same moment is either counted or waits.
 */
import type {
  addHierContentQuery,
  addHierQuery,
  addHierRoleQuery,
  ContentNode,
  ContentRoleNode,
  HierBox,
  HierRole,
} from '@zb/contract/api/hierarchy';
import { HIER_LEVELS, type HierLevel } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError, fieldError } from '../../platform/errors';
import { region, store } from '../stores/schema';
import { uniqueViolation } from './dbErrors';
import { roleById } from './reads';
import { hier, hierContent, hierContentRole, role, userRole } from './schema';

/** A unique violation that slipped past a guard (two requests at once) answers like the guard. */
const orDuplicate = async <T>(work: Promise<T>, message: string): Promise<T> => {
  try {
    return await work;
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new BizError(ERR.HIER_DUPLICATE, message);
    throw err;
  }
};

const lockBox = async (tx: Tx, hierId: number) => {
  const [box] = await tx.select().from(hier).where(eq(hier.id, hierId)).for('update');
  if (!box) throw new BizError(ERR.HIER_NOT_FOUND, '层级不存在或已删除');
  return box;
};

const lockContent = async (tx: Tx, contentId: number) => {
  const [content] = await tx.select().from(hierContent).where(eq(hierContent.id, contentId)).for('update');
  if (!content) throw new BizError(ERR.HIER_NOT_FOUND, '节点不存在或已删除');
  return content;
};

const lockRole = async (tx: Tx, roleId: number) => {
  const [row] = await tx.select().from(role).where(eq(role.id, roleId)).for('update');
  if (!row) throw new BizError(ERR.HIER_NOT_FOUND, '角色不存在或已删除');
  return row;
};

/** Locks the offers matched and counts the members holding them. */
const lockedMemberCount = async (tx: Tx, where: ReturnType<typeof eq>): Promise<number> => {
  const offers = await tx.select({ id: hierContentRole.id }).from(hierContentRole).where(where).for('update');
  if (offers.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(userRole)
    .where(
      inArray(
        userRole.contentRoleId,
        offers.map((o) => o.id),
      ),
    );
  return Number(row?.n ?? 0);
};

export const addBox = (db: Db, actorId: number, q: z.output<typeof addHierQuery>): Promise<HierBox> =>
  orDuplicate(
    db.transaction(async (tx) => {
      const [same] = await tx.select({ id: hier.id }).from(hier).where(eq(hier.name, q.name));
      if (same) throw new BizError(ERR.HIER_DUPLICATE, `层级名称“${q.name}”已存在`);
      const [row] = await tx
        .insert(hier)
        .values({
          name: q.name,
          level: q.level,
          sort: sql`(select coalesce(max(${hier.sort}), -1) + 1 from ${hier})`,
        })
        .returning();
      await recordOperation(tx, { userId: actorId, action: 'addHier', target: `hier:${row!.id}`, after: row });
      return {
        id: row!.id,
        name: row!.name,
        level: q.level,
        levelName: HIER_LEVELS[q.level],
        contentCount: 0,
        roleCount: 0,
        memberCount: 0,
      };
    }),
    `层级名称“${q.name}”已存在`,
  );

/** What a content of a box at `level` links to: nothing (总部), a region, or a store; its default name. */
const placeOf = async (
  tx: Tx,
  level: HierLevel,
  q: z.output<typeof addHierContentQuery>,
): Promise<{ regionId: number | null; storeId: number | null; name: string }> => {
  if (level === 'hq') {
    if (q.regionId !== undefined || q.storeId !== undefined) {
      throw new BizError(ERR.HIER_INVALID, '总部层级的节点不关联大区或门店');
    }
    if (!q.name) throw fieldError('name', '请输入节点名称');
    return { regionId: null, storeId: null, name: q.name };
  }
  if (level === 'region') {
    if (q.storeId !== undefined) throw new BizError(ERR.HIER_INVALID, '大区层级的节点只能关联大区，不能关联门店');
    if (q.regionId === undefined) throw fieldError('regionId', '请选择大区');
    const [r] = await tx.select({ id: region.id, name: region.name }).from(region).where(eq(region.id, q.regionId));
    if (!r) throw new BizError(ERR.HIER_NOT_FOUND, '大区不存在');
    return { regionId: r.id, storeId: null, name: q.name ?? r.name };
  }
  if (q.regionId !== undefined) throw new BizError(ERR.HIER_INVALID, '门店层级的节点只能关联门店，不能关联大区');
  if (q.storeId === undefined) throw fieldError('storeId', '请选择门店');
  const [s] = await tx.select({ id: store.id, name: store.name }).from(store).where(eq(store.id, q.storeId));
  if (!s) throw new BizError(ERR.HIER_NOT_FOUND, '门店不存在');
  return { regionId: null, storeId: s.id, name: q.name ?? s.name };
};

export const addContent = (db: Db, actorId: number, q: z.output<typeof addHierContentQuery>): Promise<ContentNode> =>
  orDuplicate(
    db.transaction(async (tx) => {
      const box = await lockBox(tx, q.hierId);
      const place = await placeOf(tx, box.level as HierLevel, q);
      const existing = await tx
        .select({ name: hierContent.name, regionId: hierContent.regionId, storeId: hierContent.storeId })
        .from(hierContent)
        .where(eq(hierContent.hierId, box.id));
      const linked = existing.find(
        (c) =>
          (place.regionId !== null && c.regionId === place.regionId) ||
          (place.storeId !== null && c.storeId === place.storeId),
      );
      if (linked) throw new BizError(ERR.HIER_DUPLICATE, `“${linked.name}”已是层级“${box.name}”的节点`);
      if (existing.some((c) => c.name === place.name)) {
        throw new BizError(ERR.HIER_DUPLICATE, `层级“${box.name}”下已有名为“${place.name}”的节点`);
      }
      const [row] = await tx
        .insert(hierContent)
        .values({ hierId: box.id, ...place })
        .returning();
      await recordOperation(tx, {
        userId: actorId,
        action: 'addHierContent',
        target: `hier_content:${row!.id}`,
        after: row,
      });
      return {
        id: row!.id,
        hierId: row!.hierId,
        name: row!.name,
        regionId: row!.regionId,
        storeId: row!.storeId,
        roles: [],
      };
    }),
    '该节点已存在',
  );

/** Generated role codes: HQ_R0008, REGION_R0012, STORE_R0013. */
export const roleCodeOf = (level: HierLevel, id: number): string =>
  `${level.toUpperCase()}_R${String(id).padStart(4, '0')}`;

export const addRole = async (db: Db, actorId: number, q: z.output<typeof addHierRoleQuery>): Promise<HierRole> => {
  const roleId = await orDuplicate(
    db.transaction(async (tx) => {
      const box = await lockBox(tx, q.hierId);
      const [same] = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.hierId, box.id), eq(role.name, q.name)));
      if (same) throw new BizError(ERR.HIER_DUPLICATE, `层级“${box.name}”下已有角色“${q.name}”`);
      // The code comes from the id, which only the insert knows.
      const [inserted] = await tx
        .insert(role)
        .values({ hierId: box.id, name: q.name, description: q.description, code: `pending-${crypto.randomUUID()}` })
        .returning({ id: role.id });
      const code = roleCodeOf(box.level as HierLevel, inserted!.id);
      const [row] = await tx.update(role).set({ code }).where(eq(role.id, inserted!.id)).returning();
      await recordOperation(tx, { userId: actorId, action: 'addHierRole', target: `role:${row!.id}`, after: row });
      return row!.id;
    }),
    `该层级下已有角色“${q.name}”`,
  );
  return roleById(db, roleId);
};

export const addOffer = (db: Db, actorId: number, q: { contentId: number; roleId: number }): Promise<ContentRoleNode> =>
  orDuplicate(
    db.transaction(async (tx) => {
      const content = await lockContent(tx, q.contentId);
      const [r] = await tx.select().from(role).where(eq(role.id, q.roleId));
      if (!r) throw new BizError(ERR.HIER_NOT_FOUND, '角色不存在或已删除');
      if (r.hierId !== content.hierId) throw new BizError(ERR.HIER_INVALID, '只能添加节点所在层级的角色');
      const [same] = await tx
        .select({ id: hierContentRole.id })
        .from(hierContentRole)
        .where(and(eq(hierContentRole.contentId, content.id), eq(hierContentRole.roleId, r.id)));
      if (same) throw new BizError(ERR.HIER_DUPLICATE, `节点“${content.name}”已有角色“${r.name}”`);
      const [row] = await tx.insert(hierContentRole).values({ contentId: content.id, roleId: r.id }).returning();
      await recordOperation(tx, {
        userId: actorId,
        action: 'addHierContentRole',
        target: `hier_content_role:${row!.id}`,
        after: { ...row, contentName: content.name, roleName: r.name },
      });
      return { contentRoleId: row!.id, roleId: r.id, roleCode: r.code, roleName: r.name, memberCount: 0 };
    }),
    '该节点已有这个角色',
  );

export const renameRole = async (db: Db, actorId: number, q: { roleId: number; name: string }): Promise<HierRole> => {
  await orDuplicate(
    db.transaction(async (tx) => {
      const before = await lockRole(tx, q.roleId);
      if (before.name === q.name) return;
      const [same] = await tx
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.hierId, before.hierId), eq(role.name, q.name)));
      if (same) throw new BizError(ERR.HIER_DUPLICATE, `该层级下已有角色“${q.name}”`);
      const [after] = await tx.update(role).set({ name: q.name }).where(eq(role.id, before.id)).returning();
      await recordOperation(tx, { userId: actorId, action: 'modRoleName', target: `role:${before.id}`, before, after });
    }),
    `该层级下已有角色“${q.name}”`,
  );
  return roleById(db, q.roleId);
};

/** Deletes a role nobody holds, with its offers, resources and shortcuts. */
export const deleteRole = (db: Db, actorId: number, roleId: number): Promise<null> =>
  db.transaction(async (tx) => {
    const before = await lockRole(tx, roleId);
    const members = await lockedMemberCount(tx, eq(hierContentRole.roleId, roleId));
    if (members > 0) {
      throw new BizError(ERR.HIER_HAS_MEMBERS, `角色“${before.name}”下还有 ${members} 名成员，不能删除`);
    }
    await tx.delete(role).where(eq(role.id, roleId));
    await recordOperation(tx, { userId: actorId, action: 'delRole', target: `role:${roleId}`, before });
    return null;
  });

export const deleteBox = (db: Db, actorId: number, hierId: number): Promise<null> =>
  db.transaction(async (tx) => {
    const before = await lockBox(tx, hierId);
    const [[contents], [roles]] = await Promise.all([
      tx.select({ n: count() }).from(hierContent).where(eq(hierContent.hierId, hierId)),
      tx.select({ n: count() }).from(role).where(eq(role.hierId, hierId)),
    ]);
    const nc = Number(contents?.n ?? 0);
    const nr = Number(roles?.n ?? 0);
    if (nc > 0 || nr > 0) {
      const parts = [nc > 0 ? `${nc} 个节点` : '', nr > 0 ? `${nr} 个角色` : ''].filter(Boolean).join('、');
      throw new BizError(ERR.HIER_NOT_EMPTY, `层级“${before.name}”下还有 ${parts}，不能删除`);
    }
    await tx.delete(hier).where(eq(hier.id, hierId));
    await recordOperation(tx, { userId: actorId, action: 'delHier', target: `hier:${hierId}`, before });
    return null;
  });

/** Deletes a content no member acts in, with the roles it offers. */
export const deleteContent = (db: Db, actorId: number, contentId: number): Promise<null> =>
  db.transaction(async (tx) => {
    const before = await lockContent(tx, contentId);
    const members = await lockedMemberCount(tx, eq(hierContentRole.contentId, contentId));
    if (members > 0) {
      throw new BizError(ERR.HIER_HAS_MEMBERS, `节点“${before.name}”下还有 ${members} 名成员，不能删除`);
    }
    await tx.delete(hierContent).where(eq(hierContent.id, contentId));
    await recordOperation(tx, {
      userId: actorId,
      action: 'delHierContent',
      target: `hier_content:${contentId}`,
      before,
    });
    return null;
  });

/** Takes a role out of a content, when nobody holds it there. */
export const deleteOffer = (db: Db, actorId: number, contentRoleId: number): Promise<null> =>
  db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ id: hierContentRole.id, contentName: hierContent.name, roleName: role.name, roleId: role.id })
      .from(hierContentRole)
      .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
      .innerJoin(role, eq(role.id, hierContentRole.roleId))
      .where(eq(hierContentRole.id, contentRoleId));
    if (!offer) throw new BizError(ERR.HIER_NOT_FOUND, '该节点下没有这个角色');
    const members = await lockedMemberCount(tx, eq(hierContentRole.id, contentRoleId));
    if (members > 0) {
      throw new BizError(
        ERR.HIER_HAS_MEMBERS,
        `角色“${offer.roleName}”在“${offer.contentName}”下还有 ${members} 名成员，不能移除`,
      );
    }
    await tx.delete(hierContentRole).where(eq(hierContentRole.id, contentRoleId));
    await recordOperation(tx, {
      userId: actorId,
      action: 'delHierRole',
      target: `hier_content_role:${contentRoleId}`,
      before: offer,
    });
    return null;
  });
