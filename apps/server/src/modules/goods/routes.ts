/** Goods: products (with /productSort), projects and cards on the resource engine. */
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT_API } from '@zb/contract/entities/project';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { cardBinding } from './cards';
import { registerGoodsSettings } from './configRoutes';
import { productBinding, productOptions, saveSort, sortList } from './products';
import { projectBinding, projectOptions } from './projects';

export const goodsRoutes = async (app: FastifyInstance) => {
  // The fixed paths first: /rest/product/sortList is not a detail.
  route(app, PRODUCT_API.sortList, (_input, { db }) => sortList(db));
  route(app, PRODUCT_API.saveSort, ({ body }, { db, signedIn }) => saveSort(db, signedIn(), body.ids));
  route(app, PRODUCT_API.options, (_input, { db }) => productOptions(db));
  route(app, PROJECT_API.options, (_input, { db }) => projectOptions(db));
  registerResource(app, productBinding);
  registerResource(app, projectBinding);
  registerResource(app, cardBinding);
  registerGoodsSettings(app);
};
