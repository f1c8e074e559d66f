/** /schedule calls under /rest/schedule/. */
import { CRON_PREVIEW_COUNT, SCHEDULE_API } from '@zb/contract/api/schedule';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { listJobs, listRuns, previewCron, runNow, setEnabled, updateCron } from './service';

export const scheduleRoutes = async (app: FastifyInstance) => {
  route(app, SCHEDULE_API.list, (_input, { db }) => listJobs(db));
  route(app, SCHEDULE_API.runs, ({ query }, { db }) => listRuns(db, query));
  route(app, SCHEDULE_API.preview, ({ query }) => previewCron(query.cron, CRON_PREVIEW_COUNT));
  route(app, SCHEDULE_API.updateCron, ({ body }, { db, signedIn }) =>
    updateCron(db, signedIn().user.id, body.name, body.cron),
  );
  route(app, SCHEDULE_API.setEnabled, ({ body }, { db, signedIn }) =>
    setEnabled(db, signedIn().user.id, body.name, body.enabled),
  );
  route(app, SCHEDULE_API.runNow, ({ body }, { db, req, signedIn }) =>
    runNow(db, signedIn().user.id, body.name, app.instanceId, req.log),
  );
};
