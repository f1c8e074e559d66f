/**
 * Menus and resources (SPEC §7.5, /resourceList): the menu's display names, tips and order, and
 * which resources (groups, pages, buttons) each role holds.
 *
 * The route table is the source of truth for what exists, so nothing here creates or removes a
 * resource. deleteMenu RESETS an entry: its name, tip and position go back to the route table's.
 */
import { z } from 'zod';
import type { HierLevel } from '../constants';
import type { ResourceKind } from '../routes';
import { type Access, codes, endpoint } from './endpoint';
import { idOf, idParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';

export const RESOURCE_NAME_MAX = 20;
export const RESOURCE_TIP_MAX = 60;
export const MENU_SORT_MAX = 9999;
/** More ids than there are resources is a malformed request. */
export const ROLE_RESOURCES_MAX = 5000;

/** A resource as the administration pages show it: its current and its route-table texts. */
export interface ResourceItem {
  id: number;
  code: string;
  kind: ResourceKind;
  name: string;
  description: string;
  /** The group of a page, the page of a button; null for a group. */
  parentCode: string | null;
  /** Effective position (an administrator's order, else the route table's). */
  sort: number;
  /** The route table's name and tip: what 重置 restores. */
  defaultName: string;
  defaultDescription: string;
  /** Name, tip or order differ from the route table's. */
  edited: boolean;
  /** Route path of a page (null for groups and buttons). */
  path: string | null;
  /** Hover-panel category of a page (null for groups and buttons). */
  category: string | null;
}

/** The resource tree: group → page → button. */
export interface ResourceNode extends ResourceItem {
  children: ResourceNode[];
}

/** A search hit, with the names of its ancestors (group, page) for display. */
export interface ResourceHit extends ResourceItem {
  trail: string[];
}

export interface MenuCategoryNode {
  name: string;
  pages: ResourceItem[];
}

/** The menu: group → category → page (no buttons). */
export interface MenuGroupNode extends ResourceItem {
  categories: MenuCategoryNode[];
}

export interface RoleResourceSet {
  roleId: number;
  resourceIds: number[];
  codes: string[];
}

/** A role as the authorization tab lists it, with its hierarchy box. */
export interface RoleBrief {
  id: number;
  code: string;
  name: string;
  description: string;
  hierId: number;
  hierName: string;
  level: HierLevel;
}

const id = (what: string) => idOf(what);

const nameRule = z
  .string({ error: '请输入名称' })
  .trim()
  .min(1, '请输入名称')
  .max(RESOURCE_NAME_MAX, `名称最多 ${RESOURCE_NAME_MAX} 个字符`);
const tipRule = z
  .string({ error: '提示必须是文字' })
  .trim()
  .max(RESOURCE_TIP_MAX, `提示最多 ${RESOURCE_TIP_MAX} 个字符`);

export const updateResourceBody = z.object({
  id: id('资源'),
  name: nameRule,
  description: tipRule.default(''),
});

/** Any field left out keeps its value; at least one must be given. */
export const updateMenuBody = z
  .object({
    id: id('菜单'),
    name: nameRule.optional(),
    description: tipRule.optional(),
    sort: z
      .number({ error: '排序必须是数字' })
      .int('排序必须是整数')
      .min(0, '排序不能小于 0')
      .max(MENU_SORT_MAX, `排序不能大于 ${MENU_SORT_MAX}`)
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.sort !== undefined, {
    message: '请至少修改名称、提示或排序中的一项',
    path: ['name'],
  });

export const addRoleResourcesBody = z.object({
  roleId: id('角色'),
  resourceIds: z
    .array(id('资源'), { error: '请提供资源编号列表' })
    .max(ROLE_RESOURCES_MAX, `资源最多 ${ROLE_RESOURCES_MAX} 个`),
});

export const roleResourcesQuery = z.object({ roleId: idParamOf('角色') });

export const searchResourcesQuery = z.object({
  keyword: z.string({ error: '请输入关键字' }).trim().min(1, '请输入关键字').max(50, '关键字最多 50 个字符'),
});

export const menuIdParams = z.object({ id: idParamOf('菜单') });

const READ = pageAccess('/resourceList');
const EDIT = buttonAccess('/resourceList', 'edit');
const codesOf = (a: Access): readonly string[] => (a.kind === 'codes' ? a.codes : []);
/** The role page of the hierarchy shows a role's resources too. */
const ROLE_READ = codes(...codesOf(READ), ...codesOf(pageAccess('/hierarchicalRoles')));

export const MENU_API = {
  menu: endpoint<undefined, undefined, MenuGroupNode[]>({
    method: 'GET',
    path: '/rest/menu/menu',
    access: READ,
    summary: '菜单树（分组 → 分类 → 页面），含名称、提示与排序',
  }),
  updateMenu: endpoint<undefined, z.output<typeof updateMenuBody>, ResourceItem>({
    method: 'POST',
    path: '/rest/menu/updateMenu',
    access: EDIT,
    body: updateMenuBody,
    summary: '修改菜单分组或页面的名称、提示、排序',
  }),
  deleteMenu: endpoint<undefined, undefined, ResourceItem>({
    method: 'POST',
    path: '/rest/menu/deleteMenu/:id',
    access: buttonAccess('/resourceList', 'delete'),
    params: menuIdParams,
    summary: '重置菜单项：名称、提示与排序恢复为路由表的默认值（资源本身不删除，角色授权不变）',
  }),
} as const;

export const RESOURCE_API = {
  resources: endpoint<undefined, undefined, ResourceNode[]>({
    method: 'GET',
    path: '/rest/resources/resources',
    access: READ,
    summary: '全部资源（分组 → 页面 → 按钮）',
  }),
  roleResources: endpoint<z.output<typeof roleResourcesQuery>, undefined, RoleResourceSet>({
    method: 'GET',
    path: '/rest/resources/roleResources',
    access: ROLE_READ,
    query: roleResourcesQuery,
    summary: '角色持有的资源',
  }),
  searchResources: endpoint<z.output<typeof searchResourcesQuery>, undefined, ResourceHit[]>({
    method: 'GET',
    path: '/rest/resources/searchResources',
    access: READ,
    query: searchResourcesQuery,
    summary: '按名称、编码或提示搜索资源',
  }),
  addRoleResources: endpoint<undefined, z.output<typeof addRoleResourcesBody>, RoleResourceSet>({
    method: 'POST',
    path: '/rest/resources/addRoleResources',
    access: EDIT,
    body: addRoleResourcesBody,
    summary: '设置角色的资源（整体替换；页面含其分组，按钮含其页面）',
  }),
  updateResources: endpoint<undefined, z.output<typeof updateResourceBody>, ResourceItem>({
    method: 'POST',
    path: '/rest/resources/updateResources',
    access: EDIT,
    body: updateResourceBody,
    summary: '修改资源的名称与提示',
  }),
  roles: endpoint<undefined, undefined, RoleBrief[]>({
    method: 'GET',
    path: '/rest/resources/roles',
    access: ROLE_READ,
    summary: '可授权的角色及其层级',
  }),
} as const;
