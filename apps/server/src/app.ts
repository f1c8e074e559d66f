/** Builds the Fastify app: platform plugins first, then the modules, then the web app. No listen. */
import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { approvalRoutes } from './modules/approvals/routes';
import { authRoutes } from './modules/auth/routes';
import { hierarchyRoutes } from './modules/hierarchy/routes';
import { masterRoutes } from './modules/master/routes';
import { noticeRoutes } from './modules/notices/routes';
import { regionRoutes } from './modules/regions/routes';
import { wxworkRoutes } from './modules/wxwork/routes';
import { apiLogPlugin } from './platform/audit';
import { createCipher, loadCipherSecret } from './platform/crypto';
import { envelopePlugin } from './platform/envelope';
import { guardPlugin } from './platform/guard';
import { requestLogPlugin } from './platform/requestLog';
import { routeRegistryPlugin } from './platform/route';
import { webPlugin } from './platform/web';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
}

const BODY_LIMIT = 1024 * 1024;

export const buildApp = async ({ config, db, logStream }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: ['req.headers.cookie', 'req.headers["account-version"]', 'res.headers["set-cookie"]'],
        censor: '***',
      },
    },
    // One line per request, written by the request-log plugin instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('cipher', createCipher(await loadCipherSecret(db, config.secret)));

  await app.register(routeRegistryPlugin);
  await app.register(envelopePlugin);
  await app.register(fastifyCookie);
  await app.register(guardPlugin);
  await app.register(apiLogPlugin);
  await app.register(requestLogPlugin);

  await app.register(authRoutes);
  await app.register(approvalRoutes);
  await app.register(noticeRoutes);
  await app.register(masterRoutes);
  await app.register(regionRoutes);
  await app.register(wxworkRoutes);
  await app.register(hierarchyRoutes);

  await app.register(webPlugin);
  return app;
};
