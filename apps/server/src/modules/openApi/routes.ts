/**
 * The open API's keys in the console (contract api/openKeys.ts): a POS terminal's keys (in the
 * caller's data scope, as /posList shows the terminal) and the mini-program's keys.
 */
import { OPEN_KEY_API } from '@zb/contract/api/openKeys';
import { ERR } from '@zb/contract/errcodes';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { findRow } from '../../platform/resource/query';
import { route } from '../../platform/route';
import type { DataScope } from '../../platform/scope';
import { posTerminalResource } from '../storesMore/posTerminals';
import { issueKey, listKeys, revokeKey } from './credentials';

/** The terminal, when the caller may see it; RECORD_NOT_FOUND otherwise. */
const visibleTerminal = async (db: Db, scope: DataScope, id: number): Promise<number> => {
  const row = await findRow(db, posTerminalResource, scope, id);
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该POS终端不存在或不在您的数据范围内');
  return id;
};

export const openKeyRoutes = async (app: FastifyInstance) => {
  route(app, OPEN_KEY_API.posKeys, async ({ params }, { db, signedIn }) => {
    const id = await visibleTerminal(db, signedIn().scope, (params as { id: number }).id);
    return listKeys(db, { kind: 'pos', posTerminalId: id });
  });
  route(app, OPEN_KEY_API.posIssue, async ({ params }, { db, signedIn }) => {
    const auth = signedIn();
    const id = await visibleTerminal(db, auth.scope, (params as { id: number }).id);
    return issueKey(db, app.cipher, { kind: 'pos', posTerminalId: id }, auth.user.id);
  });
  route(app, OPEN_KEY_API.posRevoke, async ({ params }, { db, signedIn }) => {
    const auth = signedIn();
    const { id, keyId } = params as { id: number; keyId: number };
    await visibleTerminal(db, auth.scope, id);
    await revokeKey(db, keyId, auth.user.id, { kind: 'pos', posTerminalId: id });
    return null;
  });
  route(app, OPEN_KEY_API.miniKeys, (_input, { db }) => listKeys(db, { kind: 'mini' }));
  route(app, OPEN_KEY_API.miniIssue, ({ body }, { db, signedIn }) =>
    issueKey(db, app.cipher, { kind: 'mini', name: body.name }, signedIn().user.id),
  );
  route(app, OPEN_KEY_API.miniRevoke, async ({ params }, { db, signedIn }) => {
    await revokeKey(db, (params as { keyId: number }).keyId, signedIn().user.id, { kind: 'mini' });
    return null;
  });
};
