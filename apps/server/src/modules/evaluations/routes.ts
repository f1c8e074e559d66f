/** 评价: the lists and settings on the engines, an evaluation's detail, a 差评's handling, the settings. */
import { EVALUATION_EXTRA_API } from '@zb/contract/api/evaluations';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { EVALUATION_REPORT_BINDINGS } from './reports';
import { badReviewBinding, evaDimensionBinding, evaluationBinding } from './resource';
import {
  assignEvaluation,
  closeEvaluation,
  evaHandlers,
  getSetting,
  replyEvaluation,
  saveSetting,
  viewEvaluation,
} from './service';

export const evaluationRoutes = async (app: FastifyInstance) => {
  registerResource(app, evaluationBinding);
  registerResource(app, badReviewBinding);
  registerResource(app, evaDimensionBinding);
  for (const b of EVALUATION_REPORT_BINDINGS) registerReport(app, b);
  route(app, EVALUATION_EXTRA_API.view, ({ params }, { db, signedIn }) =>
    viewEvaluation(db, signedIn().scope, (params as { id: number }).id),
  );
  route(app, EVALUATION_EXTRA_API.handlers, ({ query }, { db }) => evaHandlers(db, query.keyword));
  route(app, EVALUATION_EXTRA_API.assign, ({ body }, { db, signedIn }) => assignEvaluation(db, signedIn(), body));
  route(app, EVALUATION_EXTRA_API.reply, ({ body }, { db, signedIn }) => replyEvaluation(db, signedIn(), body));
  route(app, EVALUATION_EXTRA_API.close, ({ body }, { db, signedIn }) => closeEvaluation(db, signedIn(), body));
  route(app, EVALUATION_EXTRA_API.getSetting, (_req, { db }) => getSetting(db));
  route(app, EVALUATION_EXTRA_API.saveSetting, ({ body }, { db, signedIn }) => saveSetting(db, signedIn(), body));
};
