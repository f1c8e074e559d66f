/** The open API's calls of 退款 (served by the open-API plugin, modules/openApi). */
import { openRefundBody } from '@zb/contract/entities/refund';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { applyOpenRefund } from './service';

/** POST /open/v1/refunds: a store's POS applies for a refund of one of its bills. */
export const refundOpenRoute = openRoute({
  method: 'POST',
  path: OPEN_PATHS.refunds,
  body: openRefundBody,
  kinds: ['pos'],
  handle: (db, caller, body) => applyOpenRefund(db, caller, body),
});

export const refundOpenRoutes = [refundOpenRoute];
