/**
 * 对接 SHR (issue 17): /shrConfig's mappings, status and 立即同步; /shrUserLog's runs and changes;
 * the built-in simulator (/shrsim). SHR is asked at SHR_API_BASE when set; otherwise this server's
 * own simulator, over HTTP once the server listens (in process before that, and for the job).
 */
import { SHR_API, shrRunText } from '@zb/contract/entities/shr';
import fp from 'fastify-plugin';
import type { ShrConfig } from '../../config';
import { listeningBase } from '../../platform/listening';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { readSwitch } from '../../platform/settings';
import { storePicks } from '../stores/service';
import { shrChangeBinding, shrJobBinding, shrOrgBinding, shrRunBinding } from './resources';
import { runShrSync, shrClientOf, shrStatus } from './service';
import { SHRSIM_PREFIX, shrSimulator } from './simulator';

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
      const client = shrClientOf(db, app.config.shr, listeningBase(app, SHRSIM_PREFIX));
      const r = await runShrSync(db, client, { trigger: 'manual', operatorId: signedIn().user.id, full: body.full });
      return new WithMessage(r, shrRunText(r));
    });
    await app.register(shrSimulator);
  },
  { name: 'shr' },
);
