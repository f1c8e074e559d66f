/** The region calls of SPEC §7.3: provinces, cities of a province, districts of a city. */
import { REGION_API } from '@zb/contract/api/regions';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { listCities, listDistricts, listProvinces } from './service';

export const regionRoutes = async (app: FastifyInstance) => {
  route(app, REGION_API.searchDownAll, (_input, { db }) => listProvinces(db));

  route(app, REGION_API.searchAllByProvinceId, ({ query }, { db }) => listCities(db, query.provinceId));

  route(app, REGION_API.searchAllByCityId, ({ query }, { db }) => listDistricts(db, query.cityId));
};
