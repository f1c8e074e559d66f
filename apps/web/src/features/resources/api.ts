/** /resourceList calls and their TanStack Query keys. */
import { MENU_API, RESOURCE_API } from '@zb/contract/api/resources';
import { call } from '../../platform/http';

export const RESOURCE_KEYS = {
  all: ['resources'] as const,
  tree: ['resources', 'tree'] as const,
  search: (keyword: string) => ['resources', 'search', keyword] as const,
  roles: ['resources', 'roles'] as const,
  role: (roleId: number) => ['resources', 'role', roleId] as const,
};

export const fetchResourceTree = () => call(RESOURCE_API.resources);
export const searchResources = (keyword: string) => call(RESOURCE_API.searchResources, { query: { keyword } });
export const fetchRoles = () => call(RESOURCE_API.roles);
export const fetchRoleResources = (roleId: number) => call(RESOURCE_API.roleResources, { query: { roleId } });

export const saveRoleResources = (roleId: number, resourceIds: number[]) =>
  call(RESOURCE_API.addRoleResources, { body: { roleId, resourceIds } });

export interface ResourceEdit {
  id: number;
  name: string;
  description: string;
  /** Groups and pages only: the menu position. */
  sort?: number;
}

/** Groups and pages are menu entries (name, tip, order); buttons are resources (name, tip). */
export const saveResource = (edit: ResourceEdit, menuEntry: boolean) =>
  menuEntry
    ? call(MENU_API.updateMenu, { body: edit })
    : call(RESOURCE_API.updateResources, { body: { id: edit.id, name: edit.name, description: edit.description } });

/** 重置: back to the route table's name, tip and order (deleteMenu). */
export const resetMenuEntry = (id: number) => call(MENU_API.deleteMenu, { params: { id } });
