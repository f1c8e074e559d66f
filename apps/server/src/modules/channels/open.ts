/** The channels module's open-API calls: the mini-program reports QR scans and registrations. */
import { openQrRegistrationBody, openQrScanBody } from '@zb/contract/entities/channel';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { reportQrRegistration, reportQrScan } from './service';

export const CHANNEL_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.qrScans,
    body: openQrScanBody,
    kinds: ['mini'],
    handle: (db, caller, body) => reportQrScan(db, caller, body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.qrRegistrations,
    body: openQrRegistrationBody,
    kinds: ['mini'],
    handle: (db, caller, body) => reportQrRegistration(db, caller, body),
  }),
];
