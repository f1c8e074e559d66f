/** Accounts (SPEC §7.7) and the account overview (/accountInfoList). */
import { ACCOUNT_API } from '@zb/contract/entities/account';
import type { FastifyInstance } from 'fastify';
import { countRows } from '../../platform/resource/query';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { accountBinding, accountInfoBinding, resetPassword, setAdmin } from './service';

export const accountRoutes = async (app: FastifyInstance) => {
  registerResource(app, accountBinding);
  registerResource(app, accountInfoBinding);

  route(app, ACCOUNT_API.count, ({ query }, { db, signedIn }) =>
    countRows(db, accountBinding, signedIn().scope, query as Record<string, unknown>),
  );
  route(app, ACCOUNT_API.setCa, async ({ params, body }, { db, signedIn }) => {
    const { id } = params as { id: number };
    await setAdmin(db, signedIn(), id, body.admin);
    return { id };
  });
  route(app, ACCOUNT_API.resetPassword, async ({ params, body }, { db, signedIn }) => {
    const { id } = params as { id: number };
    await resetPassword(db, signedIn(), id, body.password, body.confirmPassword);
    return { id };
  });
};
