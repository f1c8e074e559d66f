/**
 * 会员资产 (issue 15): the reports /asstes, /asstesDetail and /abnormalCardList (reports.ts) and a
 * card's handlings from /abnormalCardList — 冻结, 解冻, 调整 through the approval center (service.ts) —
 * and /supplementOrCancellation's 补卡 and 注销 applications (cardClosure.ts).
 */
import { MEMBER_ASSET_API } from '@zb/contract/api/memberAssets';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { ledgerRefNames } from '../members/service';
import { applyCancel, applyReissue, closableCards, closureLedgerNames } from './cardClosure';
import { MEMBER_ASSET_BINDINGS } from './reports';
import { applyAdjust, cardView, setCardStatus } from './service';

export const memberAssetRoutes = async (app: FastifyInstance) => {
  for (const b of MEMBER_ASSET_BINDINGS) registerReport(app, b);
  route(app, MEMBER_ASSET_API.card, ({ query }, { db, signedIn }) => cardView(db, signedIn(), query.memberCardId));
  route(app, MEMBER_ASSET_API.freeze, ({ body }, { db, signedIn }) => setCardStatus(db, signedIn(), body, 'frozen'));
  route(app, MEMBER_ASSET_API.unfreeze, ({ body }, { db, signedIn }) => setCardStatus(db, signedIn(), body, 'active'));
  route(app, MEMBER_ASSET_API.adjust, ({ body }, { db, signedIn }) => applyAdjust(db, signedIn(), body));
  // 补卡 and 注销 (/supplementOrCancellation, cardClosure.ts).
  for (const n of closureLedgerNames) ledgerRefNames.register(n);
  route(app, MEMBER_ASSET_API.closableCards, ({ query }, { db, signedIn }) =>
    closableCards(db, signedIn(), query.keyword),
  );
  route(app, MEMBER_ASSET_API.reissue, ({ body }, { db, signedIn }) => applyReissue(db, signedIn(), body));
  route(app, MEMBER_ASSET_API.cancel, ({ body }, { db, signedIn }) => applyCancel(db, signedIn(), body));
};
