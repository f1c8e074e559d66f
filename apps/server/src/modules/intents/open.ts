/**
 * The open API's calls of 意向金 (contract open/protocol.ts OPEN_PATHS.intentDeposits): the
 * stores' POS and the mini-program record a paid deposit. The open-API plugin (modules/openApi)
 * verifies the signature and serves these declarations.
 */
import { openIntentDepositBody } from '@zb/contract/entities/intentDeposit';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { openIntentDeposit } from './service';

export const intentDepositsOpenRoute = openRoute({
  method: 'POST',
  path: OPEN_PATHS.intentDeposits,
  body: openIntentDepositBody,
  handle: (db, caller, body) => openIntentDeposit(db, caller, body),
});

export const INTENT_OPEN_ROUTES = [intentDepositsOpenRoute];
