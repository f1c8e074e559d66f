/**
 * 闭店迁移 (/close, /closeDetail) and the migration records (/memAccountDetail,
 * /umsMemberSwitchRecord, the /memberMigration tab of /personalAccount), issue 15.
 * Every call is limited to the caller's data scope on the server (service.ts, reports.ts).
 */
import { MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { ledgerRefNames } from '../members/service';
import { MEMBER_MOVE_BINDINGS } from './reports';
import {
  closePreview,
  closureDetail,
  closureMembers,
  listClosures,
  moveLedgerNames,
  moveStores,
  retryClosure,
  startClosure,
  startRun,
} from './service';

export const memberMoveRoutes = async (app: FastifyInstance) => {
  // The card ledger's 单据 of a move's 迁出/迁入 rows: 闭店迁移 and the closure's number.
  for (const n of moveLedgerNames) ledgerRefNames.register(n);
  route(app, MEMBER_MOVE_API.stores, (_input, { db, signedIn }) => moveStores(db, signedIn().scope));
  route(app, MEMBER_MOVE_API.preview, ({ query }, { db, signedIn }) =>
    closePreview(db, signedIn().scope, query.storeId),
  );
  route(app, MEMBER_MOVE_API.start, async ({ body }, { db, signedIn }) => {
    const auth = signedIn();
    const c = await startClosure(db, { userId: auth.user.id, scope: auth.scope }, body);
    void startRun(db, c.id, auth.user.id, app.log);
    return c;
  });
  route(app, MEMBER_MOVE_API.retry, async ({ body }, { db, signedIn }) => {
    const auth = signedIn();
    const r = await retryClosure(db, { userId: auth.user.id, scope: auth.scope }, body);
    void startRun(db, body.closureId, auth.user.id, app.log);
    return r;
  });
  route(app, MEMBER_MOVE_API.closures, ({ query }, { db, signedIn }) => listClosures(db, signedIn().scope, query));
  route(app, MEMBER_MOVE_API.closure, ({ query }, { db, signedIn }) => closureDetail(db, signedIn().scope, query.id));
  route(app, MEMBER_MOVE_API.closureMembers, ({ query }, { db, signedIn }) =>
    closureMembers(db, signedIn().scope, query),
  );
  for (const b of MEMBER_MOVE_BINDINGS) registerReport(app, b);
};
