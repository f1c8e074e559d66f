/** 小程序首页配置 (/homepageManagement, issue 16): the draft, 发布, 放弃修改, 发布记录 and the mini-program's read. */
import { HOMEPAGE_API, openMiniHomeBody } from '@zb/contract/entities/homepage';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import { route, WithMessage } from '../../platform/route';
import { openRoute } from '../openApi/types';
import {
  discardHomeDraft,
  homeState,
  homeVersions,
  miniHome,
  publishedSoftTexts,
  publishHome,
  restoreHomeVersion,
  saveHomeDraft,
} from './service';

export const homepageRoutes = async (app: FastifyInstance) => {
  route(app, HOMEPAGE_API.get, (_i, { db }) => homeState(db));
  route(
    app,
    HOMEPAGE_API.save,
    async ({ body }, { db, signedIn }) =>
      new WithMessage(await saveHomeDraft(db, signedIn().user.id, body), '草稿已保存'),
  );
  route(app, HOMEPAGE_API.publish, async (_i, { db, signedIn }) => {
    const s = await publishHome(db, signedIn().user.id);
    return new WithMessage(s, `已发布第 ${s.version} 版，小程序首页已更新`);
  });
  route(
    app,
    HOMEPAGE_API.discard,
    async (_i, { db, signedIn }) =>
      new WithMessage(await discardHomeDraft(db, signedIn().user.id), '已恢复为已发布的内容'),
  );
  route(
    app,
    HOMEPAGE_API.restore,
    async ({ body }, { db, signedIn }) =>
      new WithMessage(await restoreHomeVersion(db, signedIn().user.id, body.id), '已恢复为草稿，发布后生效'),
  );
  route(app, HOMEPAGE_API.versions, ({ query }, { db }) => homeVersions(db, query));
  route(app, HOMEPAGE_API.softTexts, (_i, { db }) => publishedSoftTexts(db));
};

export const HOMEPAGE_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.miniHome,
    body: openMiniHomeBody,
    kinds: ['mini'],
    handle: (db) => miniHome(db),
  }),
];
