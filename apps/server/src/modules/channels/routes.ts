/** Channels and QR codes: /channelList and /qrCodeManage on the engine, /qrEstablish, /qrCodeDetail, the zip. */
import { QR_API } from '@zb/contract/entities/channel';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { queueQrPack, registerQrPack } from './pack';
import { channelBinding, qrCodeBinding } from './resource';
import { channelPicks, establishQrCodes, staffPicks, storePicks, viewQrCode } from './service';

export const channelRoutes = async (app: FastifyInstance) => {
  registerResource(app, channelBinding);
  registerResource(app, qrCodeBinding);
  registerQrPack();
  route(app, QR_API.establish, ({ body }, { db, signedIn }) => establishQrCodes(db, signedIn(), body as never));
  route(app, QR_API.view, ({ params, query }, { db, signedIn }) =>
    viewQrCode(db, signedIn().scope, (params as { id: number }).id, (query as { days: number }).days),
  );
  route(app, QR_API.pack, ({ body }, { db, signedIn }) => queueQrPack(db, signedIn(), body as never));
  route(app, QR_API.channels, (_, { db }) => channelPicks(db));
  route(app, QR_API.stores, (_, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, QR_API.staff, ({ query }, { db, signedIn }) => staffPicks(db, signedIn().scope, query.storeId));
};
