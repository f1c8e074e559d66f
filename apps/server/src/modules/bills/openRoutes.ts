/** The bills module's open-API calls (served by modules/openApi/plugin.ts). */
import { openBillBody } from '@zb/contract/entities/bill';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { postBill } from './service';

export const billOpenRoutes = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.bills,
    body: openBillBody,
    handle: (db, caller, body) => postBill(db, caller, body),
  }),
];
