/** The payment-notice calls of SPEC §7.2: the bell's count, /taskCenterBoss and its detail. */
import { NOTICE_API } from '@zb/contract/api/notices';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { countNotices, listNotices, readNotice } from './service';

export const noticeRoutes = async (app: FastifyInstance) => {
  route(app, NOTICE_API.countTaskBoss, ({ query }, { db, signedIn }) =>
    countNotices(db, signedIn().user.id, { isRead: query.isRead }),
  );

  route(app, NOTICE_API.searchTaskBoss, ({ query }, { db, signedIn }) => listNotices(db, signedIn().user.id, query));

  route(app, NOTICE_API.getTaskDetailStore, ({ query }, { db, signedIn }) =>
    readNotice(db, signedIn().user.id, query.id),
  );
};
