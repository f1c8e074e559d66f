/**
 * Reads of /hierarchicalArchitecture and /hierarchicalRoles: boxes with their counts, a box's
 * contents as a tree (content → roles offered → member count), roles of a box, members of a
 * role, and the accounts an administrator may pick from.
 */
import type {
  allMemberQuery,
  ContentHit,
  ContentNode,
  ContentPlace,
  HierBox,
  HierRole,
  MemberCandidate,
  RoleMember,
  roleMemberQuery,
} from '@zb/contract/api/hierarchy';
import { HIER_SEARCH_LIMIT } from '@zb/contract/api/hierarchy';
import type { Page } from '@zb/contract/api/paging';
import { HIER_LEVELS, type HierLevel } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, eq, ilike, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { region, store } from '../stores/schema';
import { hier, hierContent, hierContentRole, role, userRole } from './schema';

/** `%` and `_` typed by the user match themselves. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const levelOf = (level: string): HierLevel => level as HierLevel;

/** Members of an offer; the subqueries name the outer table themselves (drizzle leaves single-table columns bare). */
const offerMembers = sql<number>`(select count(*) from user_role ur where ur.content_role_id = "hier_content_role"."id")`;

export const findBox = async (db: Db, hierId: number) => {
  const [box] = await db.select().from(hier).where(eq(hier.id, hierId));
  if (!box) throw new BizError(ERR.HIER_NOT_FOUND, '层级不存在或已删除');
  return box;
};

export const listBoxes = async (db: Db): Promise<HierBox[]> => {
  const rows = await db
    .select({
      id: hier.id,
      name: hier.name,
      level: hier.level,
      contentCount: sql<number>`(select count(*) from hier_content c where c.hier_id = "hier"."id")`,
      roleCount: sql<number>`(select count(*) from role r where r.hier_id = "hier"."id")`,
      memberCount: sql<number>`(select count(*) from user_role ur
        join hier_content_role o on o.id = ur.content_role_id
        join hier_content c on c.id = o.content_id
        where c.hier_id = "hier"."id")`,
    })
    .from(hier)
    .orderBy(asc(hier.sort), asc(hier.id));
  return rows.map((r) => ({
    ...r,
    level: levelOf(r.level),
    levelName: HIER_LEVELS[levelOf(r.level)] ?? r.level,
    contentCount: Number(r.contentCount),
    roleCount: Number(r.roleCount),
    memberCount: Number(r.memberCount),
  }));
};

/** The box's contents in the order they were added, each with the roles it offers. */
export const boxContentTree = async (db: Db, hierId: number): Promise<ContentNode[]> => {
  await findBox(db, hierId);
  const [contents, offers] = await Promise.all([
    db
      .select({
        id: hierContent.id,
        hierId: hierContent.hierId,
        name: hierContent.name,
        regionId: hierContent.regionId,
        storeId: hierContent.storeId,
      })
      .from(hierContent)
      .where(eq(hierContent.hierId, hierId))
      .orderBy(asc(hierContent.id)),
    db
      .select({
        contentRoleId: hierContentRole.id,
        contentId: hierContentRole.contentId,
        roleId: role.id,
        roleCode: role.code,
        roleName: role.name,
        memberCount: offerMembers,
      })
      .from(hierContentRole)
      .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
      .innerJoin(role, eq(role.id, hierContentRole.roleId))
      .where(eq(hierContent.hierId, hierId))
      .orderBy(asc(role.id)),
  ]);
  const byContent = new Map<number, ContentNode>(contents.map((c) => [c.id, { ...c, roles: [] }]));
  for (const { contentId, ...o } of offers) {
    byContent.get(contentId)?.roles.push({ ...o, memberCount: Number(o.memberCount) });
  }
  return [...byContent.values()];
};

export const searchContents = async (db: Db, keyword: string): Promise<ContentHit[]> => {
  const rows = await db
    .select({
      id: hierContent.id,
      name: hierContent.name,
      hierId: hier.id,
      hierName: hier.name,
      level: hier.level,
    })
    .from(hierContent)
    .innerJoin(hier, eq(hier.id, hierContent.hierId))
    .where(ilike(hierContent.name, containing(keyword)))
    .orderBy(asc(hier.sort), asc(hier.id), asc(hierContent.id))
    .limit(HIER_SEARCH_LIMIT);
  return rows.map((r) => ({ ...r, level: levelOf(r.level) }));
};

const roleColumns = {
  id: role.id,
  hierId: role.hierId,
  code: role.code,
  name: role.name,
  description: role.description,
  contentCount: sql<number>`(select count(*) from hier_content_role o where o.role_id = "role"."id")`,
  memberCount: sql<number>`(select count(*) from user_role ur
    join hier_content_role o on o.id = ur.content_role_id
    where o.role_id = "role"."id")`,
};

const toRole = (r: { contentCount: number; memberCount: number } & Omit<HierRole, 'contentCount' | 'memberCount'>) => ({
  ...r,
  contentCount: Number(r.contentCount),
  memberCount: Number(r.memberCount),
});

export const rolesOfBox = async (db: Db, hierId: number): Promise<HierRole[]> => {
  await findBox(db, hierId);
  const rows = await db.select(roleColumns).from(role).where(eq(role.hierId, hierId)).orderBy(asc(role.id));
  return rows.map(toRole);
};

export const roleById = async (db: Db, roleId: number): Promise<HierRole> => {
  const [row] = await db.select(roleColumns).from(role).where(eq(role.id, roleId));
  if (!row) throw new BizError(ERR.HIER_NOT_FOUND, '角色不存在或已删除');
  return toRole(row);
};

const memberColumns = {
  userRoleId: userRole.id,
  userId: userAccount.id,
  loginName: userAccount.loginName,
  nickname: userAccount.nickname,
  phone: userAccount.phone,
  enabled: userAccount.enabled,
  contentId: hierContent.id,
  contentName: hierContent.name,
  addedAt: userRole.createdAt,
};

const membersWhere = async (db: Db, where: SQL | undefined): Promise<RoleMember[]> => {
  const rows = await db
    .select(memberColumns)
    .from(userRole)
    .innerJoin(userAccount, eq(userAccount.id, userRole.userId))
    .innerJoin(hierContentRole, eq(hierContentRole.id, userRole.contentRoleId))
    .innerJoin(hierContent, eq(hierContent.id, hierContentRole.contentId))
    .where(where)
    .orderBy(asc(userRole.id));
  return rows.map((r) => ({ ...r, phone: r.phone ?? '', addedAt: formatDateTime(r.addedAt) }));
};

export const memberByUserRole = async (db: Db, userRoleId: number): Promise<RoleMember | null> =>
  (await membersWhere(db, eq(userRole.id, userRoleId)))[0] ?? null;

/** Members of one offer, or of a role in every content that offers it. */
export const roleMembers = async (db: Db, q: z.output<typeof roleMemberQuery>): Promise<RoleMember[]> => {
  if (q.contentRoleId !== undefined) {
    const [offer] = await db
      .select({ id: hierContentRole.id })
      .from(hierContentRole)
      .where(eq(hierContentRole.id, q.contentRoleId));
    if (!offer) throw new BizError(ERR.HIER_NOT_FOUND, '该节点下没有这个角色');
    return membersWhere(db, eq(hierContentRole.id, q.contentRoleId));
  }
  await roleById(db, q.roleId!);
  return membersWhere(db, eq(hierContentRole.roleId, q.roleId!));
};

/** Regions (region box) or stores (store box) not yet contents of the box; none for a headquarters box. */
export const contentPlaces = async (db: Db, hierId: number): Promise<ContentPlace[]> => {
  const box = await findBox(db, hierId);
  if (box.level === 'region') {
    return db
      .select({ id: region.id, name: region.name })
      .from(region)
      .where(
        notExists(
          db
            .select({ x: sql`1` })
            .from(hierContent)
            .where(and(eq(hierContent.hierId, hierId), eq(hierContent.regionId, region.id))),
        ),
      )
      .orderBy(asc(region.sort), asc(region.id));
  }
  if (box.level === 'store') {
    return db
      .select({ id: store.id, name: store.name })
      .from(store)
      .where(
        notExists(
          db
            .select({ x: sql`1` })
            .from(hierContent)
            .where(and(eq(hierContent.hierId, hierId), eq(hierContent.storeId, store.id))),
        ),
      )
      .orderBy(asc(store.regionId), asc(store.id));
  }
  return [];
};

/** Accounts to pick members from (administrators excluded: they hold everything already). */
export const memberCandidates = async (db: Db, q: z.output<typeof allMemberQuery>): Promise<Page<MemberCandidate>> => {
  const keyword = q.keyword?.trim();
  const where = and(
    eq(userAccount.isAdmin, false),
    keyword
      ? or(
          ilike(userAccount.nickname, containing(keyword)),
          ilike(userAccount.phone, containing(keyword)),
          ilike(userAccount.loginName, containing(keyword)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: userAccount.id,
        loginName: userAccount.loginName,
        nickname: userAccount.nickname,
        phone: userAccount.phone,
        enabled: userAccount.enabled,
        kind: userAccount.kind,
      })
      .from(userAccount)
      .where(where)
      .orderBy(asc(userAccount.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(userAccount).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, phone: r.phone ?? '' })), total: Number(total?.n ?? 0) };
};
