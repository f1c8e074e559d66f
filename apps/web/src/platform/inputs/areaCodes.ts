/** Phone area codes from AUTH_API.areaCodes, cached per session (sessionStorage) for AREA_CODE_CACHE_MS. */
import { type AreaCodeEntry, AUTH_API } from '@zb/contract/api/auth';
import { AREA_CODE_CACHE_MS } from '@zb/contract/constants';
import { call } from '../http';

export const AREA_CACHE_KEY = 'zb.areaCodes';

interface Cached {
  at: number;
  list: AreaCodeEntry[];
}

export const readCachedAreas = (now: number = Date.now()): AreaCodeEntry[] | null => {
  try {
    const cached = JSON.parse(sessionStorage.getItem(AREA_CACHE_KEY) ?? 'null') as Cached | null;
    return cached && now - cached.at < AREA_CODE_CACHE_MS ? cached.list : null;
  } catch {
    return null;
  }
};

let inflight: Promise<AreaCodeEntry[]> | null = null;

export const loadAreaCodes = (now: () => number = Date.now): Promise<AreaCodeEntry[]> => {
  const cached = readCachedAreas(now());
  if (cached) return Promise.resolve(cached);
  inflight ??= call(AUTH_API.areaCodes)
    .then((list) => {
      sessionStorage.setItem(AREA_CACHE_KEY, JSON.stringify({ at: now(), list } satisfies Cached));
      return list;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
};
