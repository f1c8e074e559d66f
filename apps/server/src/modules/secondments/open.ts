/**
 * The open API's call of 产品借调 (contract open/protocol.ts OPEN_PATHS.stockSecondments): a
 * store's POS sends goods lent to another store, or given back. The open-API plugin verifies the
 * signature and serves this declaration.
 */
import { openSecondmentBody } from '@zb/contract/entities/secondment';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { openSecondment } from './service';

export const SECONDMENT_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.stockSecondments,
    body: openSecondmentBody,
    kinds: ['pos'],
    handle: (db, caller, body) => openSecondment(db, caller, body),
  }),
];
