/**
 * The role hierarchy (SPEC §7.4) behind /hierarchicalArchitecture and /hierarchicalRoles:
 * boxes (层级) at a data level, their contents (节点: 总部, a region or a store), roles, the roles
 * offered in each content and the accounts holding them. Writes are POSTs with the parameters
 * in the query string; several deletes are GETs because SPEC says so.
 */
import { z } from 'zod';
import { HIER_LEVELS, type HierLevel } from '../constants';
import { type Access, codes, endpoint } from './endpoint';
import { idParamOf } from './ids';
import { buttonAccess, buttonCodeOf, pageAccess } from './pageAccess';
import { type Page, pagingQuery } from './paging';

export const HIER_ARCH_PAGE = '/hierarchicalArchitecture';
export const HIER_ROLES_PAGE = '/hierarchicalRoles';

export const HIER_NAME_MAX = 30;
export const ROLE_DESCRIPTION_MAX = 100;
export const HIER_SEARCH_LIMIT = 50;

/** Any of the accesses opens the call (each a list of codes). */
const anyOf = (...list: Access[]): Access => codes(...list.flatMap((a) => (a.kind === 'codes' ? a.codes : [])));

type ButtonKey = 'add' | 'edit' | 'delete';

const archPage = pageAccess(HIER_ARCH_PAGE);
/** A read both pages use: either page's code opens it. */
const eitherPage = anyOf(archPage, pageAccess(HIER_ROLES_PAGE));
const archButton = (key: ButtonKey): Access => buttonAccess(HIER_ARCH_PAGE, key);
const rolesButton = (key: ButtonKey): Access => buttonAccess(HIER_ROLES_PAGE, key);
/** A write both pages offer: the button on either page. */
const eitherButton = (key: ButtonKey): Access => anyOf(archButton(key), rolesButton(key));

/** The button codes the pages show or hide their buttons by. */
export const HIER_BUTTONS = {
  arch: {
    add: buttonCodeOf(HIER_ARCH_PAGE, 'add'),
    delete: buttonCodeOf(HIER_ARCH_PAGE, 'delete'),
  },
  roles: {
    add: buttonCodeOf(HIER_ROLES_PAGE, 'add'),
    edit: buttonCodeOf(HIER_ROLES_PAGE, 'edit'),
    delete: buttonCodeOf(HIER_ROLES_PAGE, 'delete'),
  },
} as const;

// ---- answers ----

export interface HierBox {
  id: number;
  name: string;
  level: HierLevel;
  /** 总部 / 大区 / 门店. */
  levelName: string;
  contentCount: number;
  roleCount: number;
  /** Accounts holding a role in one of the box's contents (one per holding). */
  memberCount: number;
}

export interface ContentRoleNode {
  /** The hier_content_role id: what members are added to. */
  contentRoleId: number;
  roleId: number;
  roleCode: string;
  roleName: string;
  memberCount: number;
}

export interface ContentNode {
  id: number;
  hierId: number;
  name: string;
  regionId: number | null;
  storeId: number | null;
  roles: ContentRoleNode[];
}

export interface ContentHit {
  id: number;
  name: string;
  hierId: number;
  hierName: string;
  level: HierLevel;
}

export interface HierRole {
  id: number;
  hierId: number;
  code: string;
  name: string;
  description: string;
  /** Contents offering the role. */
  contentCount: number;
  memberCount: number;
}

export interface RoleMember {
  /** The user_role id (the holding); remove a member by it. */
  userRoleId: number;
  userId: number;
  loginName: string;
  nickname: string;
  phone: string;
  enabled: boolean;
  contentId: number;
  contentName: string;
  addedAt: string;
}

export interface MemberCandidate {
  id: number;
  loginName: string;
  nickname: string;
  phone: string;
  enabled: boolean;
  /** hq / boss / store. */
  kind: string;
}

/** A region or store a content of the box could stand for (not yet one of its contents). */
export interface ContentPlace {
  id: number;
  name: string;
}

export interface MemberCheck {
  /** Whether addHierContentRoleMember would add the account. */
  allowed: boolean;
  /** Why not, in Chinese; null when allowed. */
  reason: string | null;
  account: MemberCandidate;
  contentName: string;
  roleName: string;
}

// ---- inputs ----

const id = (what: string) => idParamOf(what);

const optionalId = (what: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(what).optional());

const name = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(HIER_NAME_MAX, `${what}最多 ${HIER_NAME_MAX} 个字符`);

const levelKeys = Object.keys(HIER_LEVELS) as [HierLevel, ...HierLevel[]];

export const addHierQuery = z.object({
  name: name('层级名称'),
  level: z.enum(levelKeys, { error: '请选择数据层级（总部、大区或门店）' }),
});

export const addHierContentQuery = z.object({
  hierId: id('层级'),
  /** Defaults to the region's or store's name; required for a headquarters content. */
  name: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), name('节点名称').optional()),
  regionId: optionalId('大区'),
  storeId: optionalId('门店'),
});

export const addHierRoleQuery = z.object({
  hierId: id('层级'),
  name: name('角色名称'),
  description: z.string().trim().max(ROLE_DESCRIPTION_MAX, `角色说明最多 ${ROLE_DESCRIPTION_MAX} 个字符`).default(''),
});

export const contentRoleQuery = z.object({ contentId: id('节点'), roleId: id('角色') });
export const hierIdQuery = z.object({ hierId: id('层级') });
export const contentIdQuery = z.object({ contentId: id('节点') });
export const roleIdQuery = z.object({ roleId: id('角色') });
export const contentRoleIdQuery = z.object({ contentRoleId: id('节点角色') });
export const userRoleIdQuery = z.object({ userRoleId: id('成员') });

export const searchContentQuery = z.object({
  keyword: z.string({ error: '请输入搜索关键字' }).trim().min(1, '请输入搜索关键字').max(30, '关键字最多 30 个字符'),
});

export const modRoleNameQuery = z.object({ roleId: id('角色'), name: name('角色名称') });

/** Members of one content-role, or of a role in every content offering it. */
export const roleMemberQuery = z
  .object({ contentRoleId: optionalId('节点角色'), roleId: optionalId('角色') })
  .refine((q) => q.contentRoleId !== undefined || q.roleId !== undefined, {
    message: '请选择节点角色或角色',
    path: ['contentRoleId'],
  });

export const allMemberQuery = pagingQuery.extend({
  keyword: z.string().trim().max(30, '关键字最多 30 个字符').optional(),
});

export const memberQuery = z.object({ contentRoleId: id('节点角色'), userId: id('账号') });

type Q<S extends z.ZodType> = z.output<S>;

export const HIER_API = {
  addHier: endpoint<Q<typeof addHierQuery>, undefined, HierBox>({
    method: 'POST',
    path: '/rest/hier/addHier',
    access: archButton('add'),
    query: addHierQuery,
    summary: '新增层级',
  }),
  addHierContent: endpoint<Q<typeof addHierContentQuery>, undefined, ContentNode>({
    method: 'POST',
    path: '/rest/hier/addHierContent',
    access: archButton('add'),
    query: addHierContentQuery,
    summary: '新增层级节点',
  }),
  addHierRole: endpoint<Q<typeof addHierRoleQuery>, undefined, HierRole>({
    method: 'POST',
    path: '/rest/hier/addHierRole',
    access: eitherButton('add'),
    query: addHierRoleQuery,
    summary: '新增角色',
  }),
  addHierContentRole: endpoint<Q<typeof contentRoleQuery>, undefined, ContentRoleNode>({
    method: 'POST',
    path: '/rest/hier/addHierContentRole',
    access: archButton('add'),
    query: contentRoleQuery,
    summary: '节点添加角色',
  }),
  hierarchyBox: endpoint<undefined, undefined, HierBox[]>({
    method: 'GET',
    path: '/rest/hier/hierarchyBox',
    access: eitherPage,
    summary: '层级列表',
  }),
  hierarchyBoxContent: endpoint<Q<typeof hierIdQuery>, undefined, ContentNode[]>({
    method: 'GET',
    path: '/rest/hier/hierarchyBoxContent',
    access: archPage,
    query: hierIdQuery,
    summary: '层级节点树（节点、角色与成员数）',
  }),
  searchHierarchyBoxContent: endpoint<Q<typeof searchContentQuery>, undefined, ContentHit[]>({
    method: 'GET',
    path: '/rest/hier/searchHierarchyBoxContent',
    access: archPage,
    query: searchContentQuery,
    summary: '按名称搜索层级节点',
  }),
  findRole: endpoint<Q<typeof hierIdQuery>, undefined, HierRole[]>({
    method: 'GET',
    path: '/rest/hier/findRole',
    access: eitherPage,
    query: hierIdQuery,
    summary: '层级下的角色',
  }),
  modRoleName: endpoint<Q<typeof modRoleNameQuery>, undefined, HierRole>({
    method: 'GET',
    path: '/rest/hier/modRoleName',
    access: rolesButton('edit'),
    query: modRoleNameQuery,
    summary: '角色改名',
  }),
  delRole: endpoint<Q<typeof roleIdQuery>, undefined, null>({
    method: 'GET',
    path: '/rest/hier/delRole',
    access: rolesButton('delete'),
    query: roleIdQuery,
    summary: '删除角色',
  }),
  delHier: endpoint<Q<typeof hierIdQuery>, undefined, null>({
    method: 'GET',
    path: '/rest/hier/delHier',
    access: archButton('delete'),
    query: hierIdQuery,
    summary: '删除层级',
  }),
  delHierContent: endpoint<Q<typeof contentIdQuery>, undefined, null>({
    method: 'GET',
    path: '/rest/hier/delHierContent',
    access: archButton('delete'),
    query: contentIdQuery,
    summary: '删除层级节点',
  }),
  delHierRole: endpoint<Q<typeof contentRoleIdQuery>, undefined, null>({
    method: 'GET',
    path: '/rest/hier/delHierRole',
    access: archButton('delete'),
    query: contentRoleIdQuery,
    summary: '节点移除角色',
  }),
  findByRoleMember: endpoint<Q<typeof roleMemberQuery>, undefined, RoleMember[]>({
    method: 'GET',
    path: '/rest/hier/findByRoleMember',
    access: eitherPage,
    query: roleMemberQuery,
    summary: '角色成员',
  }),
  /** Not in SPEC (its payloads are not shown): the regions or stores 新增节点 may pick for a box. */
  contentPlaces: endpoint<Q<typeof hierIdQuery>, undefined, ContentPlace[]>({
    method: 'GET',
    path: '/rest/hier/contentPlaces',
    access: archButton('add'),
    query: hierIdQuery,
    summary: '可新增为节点的大区或门店',
  }),
  allMember: endpoint<Q<typeof allMemberQuery>, undefined, Page<MemberCandidate>>({
    method: 'GET',
    path: '/rest/hier/allMember',
    access: archButton('add'),
    query: allMemberQuery,
    summary: '可添加的账号（按姓名、手机号、账号搜索）',
  }),
  addHierContentRoleMemberCheck: endpoint<Q<typeof memberQuery>, undefined, MemberCheck>({
    method: 'GET',
    path: '/rest/hier/addHierContentRoleMemberCheck',
    access: archButton('add'),
    query: memberQuery,
    summary: '添加成员前检查',
  }),
  addHierContentRoleMember: endpoint<Q<typeof memberQuery>, undefined, RoleMember>({
    method: 'GET',
    path: '/rest/hier/addHierContentRoleMember',
    access: archButton('add'),
    query: memberQuery,
    summary: '添加角色成员',
  }),
  delHierRoleMember: endpoint<Q<typeof userRoleIdQuery>, undefined, null>({
    method: 'GET',
    path: '/rest/hier/delHierRoleMember',
    access: archButton('delete'),
    query: userRoleIdQuery,
    summary: '移除角色成员',
  }),
} as const;
