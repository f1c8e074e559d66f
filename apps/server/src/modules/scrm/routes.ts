/**
 * 企业微信客户 (issue 17): /jointLabelConfig's links, customers, status and 立即同步; the SCRM
 * reports; the simulator's customer-contact calls under /wxsim. WeCom is asked at WXWORK_API_BASE
 * when set; otherwise this server's own simulator, over HTTP once the server listens.
 */
import { SCRM_API, scrmRunText } from '@zb/contract/entities/scrm';
import fp from 'fastify-plugin';
import { listeningBase } from '../../platform/listening';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { SIM_PREFIX } from '../wxwork/simulator';
import { SCRM_REPORT_BINDINGS } from './reports';
import { scrmContactBinding, scrmTagLinkBinding } from './resources';
import { runScrmSync, scrmClientOf, scrmStatus, scrmTagPicks } from './service';
import { scrmSimulator } from './simulator';

export const scrmRoutes = fp(
  async (app) => {
    registerResource(app, scrmTagLinkBinding);
    registerResource(app, scrmContactBinding);
    for (const b of SCRM_REPORT_BINDINGS) registerReport(app, b);
    route(app, SCRM_API.status, (_i, { db }) => scrmStatus(db, app.config.wxwork.apiBase ?? '企业微信模拟器（内置）'));
    route(app, SCRM_API.tags, (_i, { db }) => scrmTagPicks(db));
    route(app, SCRM_API.sync, async (_i, { db }) => {
      const r = await runScrmSync(db, scrmClientOf(db, app.config.wxwork, listeningBase(app, SIM_PREFIX)));
      return new WithMessage(r, scrmRunText(r));
    });
    await app.register(scrmSimulator);
  },
  { name: 'scrm' },
);
