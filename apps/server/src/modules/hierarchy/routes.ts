/**
 * The role-hierarchy calls of SPEC §7.4. Besides the page and button codes each call declares,
 * the hierarchy is kept by headquarters: a region or store role may hold the pages (their group
 * is theirs) but could otherwise hand itself a headquarters role, so it is refused.
 */
import { HIER_API } from '@zb/contract/api/hierarchy';
import { ERR } from '@zb/contract/errcodes';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { type RequestContext, route } from '../../platform/route';
import { addMember, checkMember, removeMember } from './members';
import {
  boxContentTree,
  contentPlaces,
  listBoxes,
  memberCandidates,
  roleMembers,
  rolesOfBox,
  searchContents,
} from './reads';
import {
  addBox,
  addContent,
  addOffer,
  addRole,
  deleteBox,
  deleteContent,
  deleteOffer,
  deleteRole,
  renameRole,
} from './service';

export const HQ_ONLY_MESSAGE = '层级架构仅限总部角色维护';

/** The caller, when an administrator or acting in a headquarters role. */
const hq = (ctx: RequestContext): Auth => {
  const auth = ctx.signedIn();
  if (!auth.user.isAdmin && auth.role?.level !== 'hq') throw new BizError(ERR.FORBIDDEN, HQ_ONLY_MESSAGE);
  return auth;
};

export const hierarchyRoutes = async (app: FastifyInstance) => {
  route(app, HIER_API.hierarchyBox, (_, ctx) => {
    hq(ctx);
    return listBoxes(ctx.db);
  });
  route(app, HIER_API.hierarchyBoxContent, ({ query }, ctx) => {
    hq(ctx);
    return boxContentTree(ctx.db, query.hierId);
  });
  route(app, HIER_API.searchHierarchyBoxContent, ({ query }, ctx) => {
    hq(ctx);
    return searchContents(ctx.db, query.keyword);
  });
  route(app, HIER_API.findRole, ({ query }, ctx) => {
    hq(ctx);
    return rolesOfBox(ctx.db, query.hierId);
  });
  route(app, HIER_API.findByRoleMember, ({ query }, ctx) => {
    hq(ctx);
    return roleMembers(ctx.db, query);
  });
  route(app, HIER_API.contentPlaces, ({ query }, ctx) => {
    hq(ctx);
    return contentPlaces(ctx.db, query.hierId);
  });
  route(app, HIER_API.allMember, ({ query }, ctx) => {
    hq(ctx);
    return memberCandidates(ctx.db, query);
  });

  route(app, HIER_API.addHier, ({ query }, ctx) => addBox(ctx.db, hq(ctx).user.id, query));
  route(app, HIER_API.addHierContent, ({ query }, ctx) => addContent(ctx.db, hq(ctx).user.id, query));
  route(app, HIER_API.addHierRole, ({ query }, ctx) => addRole(ctx.db, hq(ctx).user.id, query));
  route(app, HIER_API.addHierContentRole, ({ query }, ctx) => addOffer(ctx.db, hq(ctx).user.id, query));
  route(app, HIER_API.modRoleName, ({ query }, ctx) => renameRole(ctx.db, hq(ctx).user.id, query));
  route(app, HIER_API.delRole, ({ query }, ctx) => deleteRole(ctx.db, hq(ctx).user.id, query.roleId));
  route(app, HIER_API.delHier, ({ query }, ctx) => deleteBox(ctx.db, hq(ctx).user.id, query.hierId));
  route(app, HIER_API.delHierContent, ({ query }, ctx) => deleteContent(ctx.db, hq(ctx).user.id, query.contentId));
  route(app, HIER_API.delHierRole, ({ query }, ctx) => deleteOffer(ctx.db, hq(ctx).user.id, query.contentRoleId));

  route(app, HIER_API.addHierContentRoleMemberCheck, ({ query }, ctx) => checkMember(ctx.db, hq(ctx), query));
  route(app, HIER_API.addHierContentRoleMember, ({ query }, ctx) => addMember(ctx.db, hq(ctx), query));
  route(app, HIER_API.delHierRoleMember, ({ query }, ctx) => removeMember(ctx.db, hq(ctx), query.userRoleId));
};
