/** Role-hierarchy calls (SPEC §7.4) and their TanStack Query keys. */
import { HIER_API } from '@zb/contract/api/hierarchy';
import type { HierLevel } from '@zb/contract/constants';
import { call } from '../../platform/http';

export const HIER_KEYS = {
  all: ['hier'] as const,
  boxes: ['hier', 'boxes'] as const,
  content: (hierId: number) => ['hier', 'content', hierId] as const,
  search: (keyword: string) => ['hier', 'search', keyword] as const,
  roles: (hierId: number) => ['hier', 'roles', hierId] as const,
  members: (by: { contentRoleId?: number; roleId?: number }) =>
    ['hier', 'members', by.contentRoleId ?? 0, by.roleId ?? 0] as const,
  places: (hierId: number) => ['hier', 'places', hierId] as const,
  candidates: (keyword: string, pageNo: number) => ['hier', 'candidates', keyword, pageNo] as const,
};

/** Several deletes are GETs (SPEC §7.4); they change something, so the 成功 notice shows. */
const CHANGE = { success: true } as const;

export const hierApi = {
  boxes: () => call(HIER_API.hierarchyBox),
  content: (hierId: number) => call(HIER_API.hierarchyBoxContent, { query: { hierId } }),
  search: (keyword: string) => call(HIER_API.searchHierarchyBoxContent, { query: { keyword } }),
  roles: (hierId: number) => call(HIER_API.findRole, { query: { hierId } }),
  members: (by: { contentRoleId?: number; roleId?: number }) => call(HIER_API.findByRoleMember, { query: by }),
  places: (hierId: number) => call(HIER_API.contentPlaces, { query: { hierId } }),
  candidates: (keyword: string, pageNo: number, pageSize = 10) =>
    call(HIER_API.allMember, { query: { keyword: keyword || undefined, pageNo, pageSize } }),
  check: (contentRoleId: number, userId: number) =>
    call(HIER_API.addHierContentRoleMemberCheck, { query: { contentRoleId, userId } }),

  addBox: (name: string, level: HierLevel) => call(HIER_API.addHier, { query: { name, level } }),
  addContent: (q: { hierId: number; name?: string; regionId?: number; storeId?: number }) =>
    call(HIER_API.addHierContent, { query: q }),
  addRole: (hierId: number, name: string, description = '') =>
    call(HIER_API.addHierRole, { query: { hierId, name, description } }),
  addOffer: (contentId: number, roleId: number) => call(HIER_API.addHierContentRole, { query: { contentId, roleId } }),
  addMember: (contentRoleId: number, userId: number) =>
    call(HIER_API.addHierContentRoleMember, { query: { contentRoleId, userId } }, CHANGE),
  renameRole: (roleId: number, name: string) => call(HIER_API.modRoleName, { query: { roleId, name } }, CHANGE),
  deleteRole: (roleId: number) => call(HIER_API.delRole, { query: { roleId } }, CHANGE),
  deleteBox: (hierId: number) => call(HIER_API.delHier, { query: { hierId } }, CHANGE),
  deleteContent: (contentId: number) => call(HIER_API.delHierContent, { query: { contentId } }, CHANGE),
  deleteOffer: (contentRoleId: number) => call(HIER_API.delHierRole, { query: { contentRoleId } }, CHANGE),
  removeMember: (userRoleId: number) => call(HIER_API.delHierRoleMember, { query: { userRoleId } }, CHANGE),
};
