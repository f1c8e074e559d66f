/** Provinces, the cities of a province, the districts of a city: served from region_division. */
import type { RegionItem } from '@zb/contract/api/regions';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { regionDivision } from './schema';

export const PROVINCE = 1;
export const CITY = 2;
export const DISTRICT = 3;

const toItem = (r: { code: string; name: string }): RegionItem => ({ id: Number(r.code), code: r.code, name: r.name });

export const listProvinces = async (db: Db): Promise<RegionItem[]> =>
  (
    await db
      .select({ code: regionDivision.code, name: regionDivision.name })
      .from(regionDivision)
      .where(eq(regionDivision.level, PROVINCE))
      .orderBy(asc(regionDivision.code))
  ).map(toItem);

/** The divisions under a parent of the given level; an unknown parent is a PARAM error. */
const listUnder = async (db: Db, parentLevel: number, parentId: number, missing: string): Promise<RegionItem[]> => {
  const code = String(parentId);
  const [parent] = await db
    .select({ code: regionDivision.code })
    .from(regionDivision)
    .where(and(eq(regionDivision.code, code), eq(regionDivision.level, parentLevel)));
  if (!parent) throw new BizError(ERR.PARAM_INVALID, missing);
  const rows = await db
    .select({ code: regionDivision.code, name: regionDivision.name })
    .from(regionDivision)
    .where(eq(regionDivision.parentCode, code))
    .orderBy(asc(regionDivision.code));
  return rows.map(toItem);
};

export const listCities = (db: Db, provinceId: number) => listUnder(db, PROVINCE, provinceId, '省份不存在');

export const listDistricts = (db: Db, cityId: number) => listUnder(db, CITY, cityId, '城市不存在');
