/**
 * Goods: products (with /productSort), projects, cards, project labels, packages, product packages,
 * associated products and projects, and minor healing courses on the resource engine.
 */
import { CARD_PROJECT_DISCOUNT_API } from '@zb/contract/entities/cardProjectDiscount';
import { PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT_API } from '@zb/contract/entities/project';
import { PROJECT_LABEL_API } from '@zb/contract/entities/projectLabel';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { cardProjectDiscountBinding, storedCardOptions } from './associatedProjects';
import { associationBinding } from './associations';
import { cardBinding } from './cards';
import { registerGoodsSettings } from './configRoutes';
import { assignLabels } from './labels';
import { minorCourseBinding } from './minorHealing';
import { packageBinding } from './packages';
import { productPackageBinding } from './productPackages';
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
  route(app, PROJECT_LABEL_API.assign, ({ body }, { db, signedIn }) => assignLabels(db, signedIn(), body));
  registerResource(app, packageBinding);
  registerResource(app, productPackageBinding);
  registerResource(app, associationBinding);
  route(app, CARD_PROJECT_DISCOUNT_API.cardOptions, (_input, { db }) => storedCardOptions(db));
  registerResource(app, cardProjectDiscountBinding);
  registerResource(app, minorCourseBinding);
};
