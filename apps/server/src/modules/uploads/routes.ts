/** Image uploads (SPEC §7.3 POST /rest/upload/uploadImg) and the images they serve. */
import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_API } from '@zb/contract/api/uploads';
import { SETTINGS } from '@zb/contract/settings';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { serveImage, uploadImage, uploadLimits } from './service';

export const uploadRoutes = async (app: FastifyInstance) => {
  // Only this plugin's routes parse multipart; the per-request limit (the setting) is set in the
  // service, this one is the ceiling no setting can pass.
  await app.register(fastifyMultipart, {
    limits: { fileSize: SETTINGS.uploadMaxKb.max * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
  });
  route(app, UPLOAD_API.uploadImg, (_input, ctx) => uploadImage(ctx.db, ctx.signedIn(), ctx.req));
  route(app, UPLOAD_API.limits, (_input, ctx) => uploadLimits(ctx.db));
  route(app, UPLOAD_API.file, ({ params }, ctx) => serveImage(ctx.db, (params as { id: string }).id));
};
