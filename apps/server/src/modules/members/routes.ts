/**
 * Members (SPEC §2.6 /memberList, /personalAccount; §7.3 GET /rest/member/findMemberConsume) and the
 * member-finance reports (contract reports/members.ts).
 */
import { MEMBER_API } from '@zb/contract/api/members';
import type { FastifyInstance } from 'fastify';
import { beforeReportRead } from '../../platform/report/query';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { storePicks } from '../stores/service';
import { MEMBER_REPORT_BINDINGS } from './reportBindings';
import { memberReportBindings } from './reports';
import { foldCardExpiries, foldRollupDeltas } from './rollups';
import { cardLedgerPage, memberBinding, memberCards, memberConsumes } from './service';

export const memberRoutes = async (app: FastifyInstance) => {
  route(app, MEMBER_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, MEMBER_API.findMemberConsume, ({ query }, { db, signedIn }) =>
    memberConsumes(db, signedIn().scope, query),
  );
  route(app, MEMBER_API.cards, ({ query }, { db, signedIn }) => memberCards(db, signedIn().scope, query.memberId));
  route(app, MEMBER_API.cardLedger, ({ query }, { db, signedIn }) => cardLedgerPage(db, signedIn().scope, query));
  registerResource(app, memberBinding);
  // Every report reads the rollups with the writers' deltas folded in (rollups.ts).
  beforeReportRead(foldRollupDeltas);
  // 会员基本信息's valid cards as of the read: the members' figures past the cards expired since.
  beforeReportRead(foldCardExpiries);
  for (const b of [...MEMBER_REPORT_BINDINGS, ...memberReportBindings]) registerReport(app, b);
};
