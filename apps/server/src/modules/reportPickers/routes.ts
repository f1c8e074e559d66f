/**
 * The choices of the report pages' pickers (contract report/pickers.ts): stores, regions and
 * staff of the caller's data scope; the products, projects and card products.
 */
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../platform/route';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { goodsRefOptions } from '../goods/goodsRef';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { regionOptions, storePicks } from '../stores/service';
import { productPicks } from '../storesMore/common';

/** The staff of the scope's stores (those who left too: reports look back), each with their store. */
const staffPicks = async (db: Db, scope: DataScope) =>
  (
    await db
      .select({ id: staff.id, name: staff.name, storeName: store.name })
      .from(staff)
      .innerJoin(store, eq(store.id, staff.storeId))
      .where(storeScopeFilter(scope, staff.storeId))
      .orderBy(asc(store.code), asc(staff.name), asc(staff.id))
  ).map((s) => ({ id: s.id, name: `${s.name}（${s.storeName}）` }));

const named = async (rows: Promise<{ id: number; name: string }[]>) =>
  (await rows).map(({ id, name }) => ({ id, name }));

export const reportPickerRoutes = async (app: FastifyInstance) => {
  route(app, REPORT_PICKER_API.store, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, REPORT_PICKER_API.region, (_input, { db, signedIn }) => regionOptions(db, signedIn().scope));
  route(app, REPORT_PICKER_API.staff, (_input, { db, signedIn }) => staffPicks(db, signedIn().scope));
  route(app, REPORT_PICKER_API.product, (_input, { db }) => productPicks(db));
  route(app, REPORT_PICKER_API.project, (_input, { db }) => named(goodsRefOptions(db, 'project')));
  route(app, REPORT_PICKER_API.card, (_input, { db }) => named(goodsRefOptions(db, 'card')));
};
