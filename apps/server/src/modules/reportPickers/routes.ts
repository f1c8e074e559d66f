/**
 * The choices of the report pages' pickers (contract report/pickers.ts): stores and regions of
 * the caller's data scope, and the products.
 */
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { regionOptions, storePicks } from '../stores/service';
import { productPicks } from '../storesMore/common';

export const reportPickerRoutes = async (app: FastifyInstance) => {
  route(app, REPORT_PICKER_API.store, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, REPORT_PICKER_API.region, (_input, { db, signedIn }) => regionOptions(db, signedIn().scope));
  route(app, REPORT_PICKER_API.product, (_input, { db }) => productPicks(db));
};
