/** Menus and resources (SPEC §7.5) at their exact methods and paths. */
import { MENU_API, RESOURCE_API } from '@zb/contract/api/resources';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { resetMenu, setRoleResources, updateMenu, updateResource } from './service';
import { menuTree, resourceTree, roleList, roleResourcesOf, searchResources } from './tree';

export const resourceRoutes = async (app: FastifyInstance) => {
  route(app, MENU_API.menu, (_input, { db }) => menuTree(db));
  route(app, MENU_API.updateMenu, ({ body }, { db, signedIn }) => updateMenu(db, signedIn(), body));
  route(app, MENU_API.deleteMenu, ({ params }, { db, signedIn }) =>
    resetMenu(db, signedIn(), (params as { id: number }).id),
  );

  route(app, RESOURCE_API.resources, (_input, { db }) => resourceTree(db));
  route(app, RESOURCE_API.roleResources, ({ query }, { db }) => roleResourcesOf(db, query.roleId));
  route(app, RESOURCE_API.searchResources, ({ query }, { db }) => searchResources(db, query.keyword));
  route(app, RESOURCE_API.addRoleResources, ({ body }, { db, signedIn }) => setRoleResources(db, signedIn(), body));
  route(app, RESOURCE_API.updateResources, ({ body }, { db, signedIn }) => updateResource(db, signedIn(), body));
  route(app, RESOURCE_API.roles, (_input, { db }) => roleList(db));
};
