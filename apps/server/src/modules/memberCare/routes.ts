/**
 * Members as people (issue 17): /tabsManagement, /memberFile and /follow on the resource engine,
 * the tag calls beyond it (members, 打标签, 移除, 立即计算, a member's tags; crowds read the tags as their condition 会员标签), the
 * member file by member, and SPEC §7.8's getFollowUpById and getUserStoreRemark (getMemberFollowUp
 * is the follow-up resource's list, moved to its SPEC path by the declaration).
 */
import { FOLLOW_API, MEMBER_FILE_API, MEMBER_TAG_API } from '@zb/contract/entities/memberCare';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { followUpById, memberFileView, storeRemarks, visibleMemberTags } from './follow';
import { followUpBinding, memberFileBinding, memberTagBinding, requireHq } from './resource';
import { assignTag, evaluateTagNow, tagMembers, unassignTag } from './tags';

export const memberCareRoutes = async (app: FastifyInstance) => {
  registerResource(app, memberTagBinding);
  registerResource(app, memberFileBinding);
  registerResource(app, followUpBinding);
  route(app, MEMBER_TAG_API.members, ({ query }, { db, signedIn }) => tagMembers(db, signedIn().scope, query as never));
  route(app, MEMBER_TAG_API.assign, ({ body }, { db, signedIn }) => assignTag(db, signedIn(), body as never));
  route(app, MEMBER_TAG_API.unassign, ({ body }, { db, signedIn }) => unassignTag(db, signedIn(), body));
  route(app, MEMBER_TAG_API.evaluate, ({ params }, { db, signedIn }) => {
    const auth = signedIn();
    requireHq(auth);
    return evaluateTagNow(db, auth, (params as { id: number }).id);
  });
  route(app, MEMBER_TAG_API.ofMember, ({ query }, { db, signedIn }) =>
    visibleMemberTags(db, signedIn().scope, query.memberId),
  );
  route(app, MEMBER_FILE_API.ofMember, ({ query }, { db, signedIn }) =>
    memberFileView(db, signedIn().scope, query.memberId),
  );
  route(app, FOLLOW_API.getById, ({ query }, { db, signedIn }) => followUpById(db, signedIn().scope, query.id));
  route(app, FOLLOW_API.storeRemark, ({ query }, { db, signedIn }) => storeRemarks(db, signedIn().scope, query));
};
