/** The download centre's calls (SPEC §7.3): /rest/exceldownload/historys, /api/v1/exceldownload/findStatus, the file. */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { downloadExport, exportStatus, listExports } from './service';

export const downloadRoutes = async (app: FastifyInstance) => {
  route(app, DOWNLOAD_API.historys, ({ query }, ctx) => listExports(ctx.db, ctx.signedIn(), query));
  route(app, DOWNLOAD_API.findStatus, ({ query }, ctx) => exportStatus(ctx.db, ctx.signedIn(), query.id));
  route(app, DOWNLOAD_API.file, ({ params }, ctx) =>
    downloadExport(ctx.db, ctx.signedIn(), (params as { id: number }).id),
  );
};
