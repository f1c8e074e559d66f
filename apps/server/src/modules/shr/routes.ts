/**
 * 对接 SHR (issue 17): /shrConfig's mappings, status and 立即同步; /shrUserLog's runs and changes;
 * the built-in simulator (/shrsim). SHR is asked at SHR_API_BASE when set; otherwise this server's
 * own simulator, over HTTP once the server listens (in process before that, and for the job).
 */
import { SHR_API, shrRunText } from '@zb/contract/entities/shr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShrConfig } from '../../config';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { readSwitch } from '../../platform/settings';
import { storePicks } from '../stores/service';
import { shrChangeBinding, shrJobBinding, shrOrgBinding, shrRunBinding } from './resources';
import { runShrSync, shrClientOf, shrStatus } from './service';
import { SHRSIM_PREFIX, shrSimulator } from './simulator';

/** This server's own simulator over HTTP, once it listens; null before. */
const listeningSimulatorBase = (app: FastifyInstance): string | null => {
  const address = app.server.address();
  if (!address || typeof address === 'string' || address.port === 0) return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${SHRSIM_PREFIX}`;
};

const endpointText = (cfg: ShrConfig) => cfg.apiBase ?? 'SHR模拟器（内置）';

export const shrRoutes = fp(
  async (app) => {
    registerResource(app, shrOrgBinding);
    registerResource(app, shrJobBinding);
    registerResource(app, shrRunBinding);
    registerResource(app, shrChangeBinding);
    route(app, SHR_API.stores, (_i, { db, signedIn }) => storePicks(db, signedIn().scope));
    route(app, SHR_API.status, async (_i, { db }) =>
      shrStatus(db, endpointText(app.config.shr), await readSwitch(db, 'shrSyncEnabled')),
    );
    route(app, SHR_API.sync, async ({ body }, { db, signedIn }) => {
      const client = shrClientOf(db, app.config.shr, listeningSimulatorBase(app));
      const r = await runShrSync(db, client, { trigger: 'manual', operatorId: signedIn().user.id, full: body.full });
      return new WithMessage(r, shrRunText(r));
    });
    await app.register(shrSimulator);
  },
  { name: 'shr' },
);
