/** China's provinces, cities and districts (SPEC §7.3), for the cascading region input. */
import { z } from 'zod';
import { endpoint, OPEN } from './endpoint';
import { idParamOf } from './ids';

/** A division: id is the numeric administrative code (44 广东省, 4403 深圳市, 440305 南山区). */
export interface RegionItem {
  id: number;
  code: string;
  name: string;
}

const codeParam = (what: string) => idParamOf(what);

export const cityQuery = z.object({ provinceId: codeParam('省份') });
export const districtQuery = z.object({ cityId: codeParam('城市') });

export const REGION_API = {
  searchDownAll: endpoint<undefined, undefined, RegionItem[]>({
    method: 'GET',
    path: '/rest/province/searchDownAll',
    access: OPEN,
    summary: '全部省份',
  }),
  searchAllByProvinceId: endpoint<z.output<typeof cityQuery>, undefined, RegionItem[]>({
    method: 'GET',
    path: '/rest/city/searchAllByProvinceId',
    access: OPEN,
    query: cityQuery,
    summary: '省份下的城市',
  }),
  searchAllByCityId: endpoint<z.output<typeof districtQuery>, undefined, RegionItem[]>({
    method: 'GET',
    path: '/rest/district/searchAllByCityId',
    access: OPEN,
    query: districtQuery,
    summary: '城市下的区县',
  }),
} as const;
