/**
 * 企业微信客户 (issue 17): /jointLabelConfig's links, customers, status and 立即同步; the SCRM
 * reports; the simulator's customer-contact calls under /wxsim. WeCom is asked at WXWORK_API_BASE
 * when set; otherwise this server's own simulator, over HTTP once the server listens.
 */
import { SCRM_API, scrmRunText } from '@zb/contract/entities/scrm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { SIM_PREFIX } from '../wxwork/simulator';
import { SCRM_REPORT_BINDINGS } from './reports';
import { scrmContactBinding, scrmTagLinkBinding } from './resources';
import { runScrmSync, scrmClientOf, scrmStatus, scrmTagPicks } from './service';
import { scrmSimulator } from './simulator';

const listeningSimulatorBase = (app: FastifyInstance): string | null => {
  const address = app.server.address();
  if (!address || typeof address === 'string' || address.port === 0) return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${SIM_PREFIX}`;
};

export const scrmRoutes = fp(
  async (app) => {
    registerResource(app, scrmTagLinkBinding);
    registerResource(app, scrmContactBinding);
    for (const b of SCRM_REPORT_BINDINGS) registerReport(app, b);
    route(app, SCRM_API.status, (_i, { db }) => scrmStatus(db, app.config.wxwork.apiBase ?? '企业微信模拟器（内置）'));
    route(app, SCRM_API.tags, (_i, { db }) => scrmTagPicks(db));
    route(app, SCRM_API.sync, async (_i, { db }) => {
      const r = await runScrmSync(db, scrmClientOf(db, app.config.wxwork, listeningSimulatorBase(app)));
      return new WithMessage(r, scrmRunText(r));
    });
    await app.register(scrmSimulator);
  },
  { name: 'scrm' },
);
