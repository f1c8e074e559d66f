/**
 * 通知渠道 (issue 17): /SMSmessage, /wxTemplate and /wxTemplatenext, /wxSubscribeConfig and
 * /vipTemplate on the resource engine, their test sends, /aliSmsLog, the bills' hook that tells
 * members, the open API's wxUsers, and the built-in provider simulators (/smssim, /wxmpsim). The
 * providers are asked at SMS_API_BASE and WX_API_BASE when set; otherwise this server's own
 * simulators, over HTTP once the server listens (in process before that, and for the job).
 */
import { NOTIFY_API, openWxUserBody } from '@zb/contract/entities/notify';
import { WX_MENU_API } from '@zb/contract/entities/wxMenu';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import fp from 'fastify-plugin';
import { listeningBase } from '../../platform/listening';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route, WithMessage } from '../../platform/route';
import { billWritten } from '../bills/service';
import { openRoute } from '../openApi/types';
import { publishWxMenu, saveWxMenu, wxMenuState } from './menu';
import { aliSmsLogBinding } from './reports';
import { NOTIFY_BINDINGS } from './resources';
import {
  noticeOnBill,
  notifyClientsOf,
  putWxUser,
  smsTemplatePicks,
  smsTest,
  wxTemplatePicks,
  wxTest,
} from './service';
import { notifySimulators } from './simulator';

const testText = (r: { status: string; error: string | null }) =>
  r.status === 'sent' ? '测试消息已发送' : `测试消息未发出：${r.error ?? ''}`;

export const notifyRoutes = fp(
  async (app) => {
    billWritten.register(noticeOnBill);
    for (const b of NOTIFY_BINDINGS) registerResource(app, b);
    registerReport(app, aliSmsLogBinding);
    const clients = () => notifyClientsOf(app.db, app.config.notify, listeningBase(app));
    route(app, NOTIFY_API.smsTemplatePicks, (_i, { db }) => smsTemplatePicks(db));
    route(app, NOTIFY_API.wxTemplatePicks, (_i, { db }) => wxTemplatePicks(db));
    route(app, NOTIFY_API.smsTest, async ({ body }, { db, signedIn }) => {
      const r = await smsTest(db, clients(), signedIn().user.id, body);
      return new WithMessage(r, testText(r));
    });
    route(app, NOTIFY_API.wxTest, async ({ body }, { db, signedIn }) => {
      const r = await wxTest(db, clients(), signedIn().user.id, body);
      return new WithMessage(r, testText(r));
    });
    route(app, WX_MENU_API.get, (_i, { db }) => wxMenuState(db));
    route(
      app,
      WX_MENU_API.save,
      async ({ body }, { db }) => new WithMessage(await saveWxMenu(db, body), '菜单草稿已保存'),
    );
    route(app, WX_MENU_API.publish, async ({ body }, { db, signedIn }) => {
      const r = await publishWxMenu(db, clients(), signedIn().user.id, body);
      return new WithMessage(r, '菜单已发布到公众号，约 5 分钟内对关注者生效');
    });
    await app.register(notifySimulators);
  },
  { name: 'notify' },
);

export const NOTIFY_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.wxUsers,
    body: openWxUserBody,
    kinds: ['mini'],
    handle: (db, _caller, body) => putWxUser(db, body),
  }),
];
