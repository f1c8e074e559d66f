/**
 * The cascading region input's data (SPEC §7.3), headless: provinces first, then a province's
 * cities and a city's districts as they are opened. Every list is a query kept for the session
 * (regions never change), so a list opened once is there at once for every later cascader.
 */

import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { REGION_API, type RegionItem } from '@zb/contract/api/regions';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../http';

/** [provinceId, cityId, districtId]; [provinceId, cityId] for a city without districts. */
export type RegionValue = number[];

export type RegionLevel = 'province' | 'city' | 'district';

export interface RegionOption {
  value: number;
  label: string;
  level: RegionLevel;
  isLeaf?: boolean;
  children?: RegionOption[];
}

const SESSION = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const regionQueries = {
  provinces: () =>
    queryOptions({ queryKey: ['region', 'province'], queryFn: () => call(REGION_API.searchDownAll), ...SESSION }),
  cities: (provinceId: number) =>
    queryOptions({
      queryKey: ['region', 'city', provinceId],
      queryFn: () => call(REGION_API.searchAllByProvinceId, { query: { provinceId } }),
      ...SESSION,
    }),
  districts: (cityId: number) =>
    queryOptions({
      queryKey: ['region', 'district', cityId],
      queryFn: () => call(REGION_API.searchAllByCityId, { query: { cityId } }),
      ...SESSION,
    }),
};

const childQuery = (level: RegionLevel, id: number) =>
  level === 'province' ? regionQueries.cities(id) : level === 'city' ? regionQueries.districts(id) : null;

const NEXT: Record<RegionLevel, RegionLevel | null> = { province: 'city', city: 'district', district: null };

/** The option tree from the provinces and whatever children the cache holds. */
export const regionOptions = (
  provinces: readonly RegionItem[],
  childrenOf: (level: RegionLevel, id: number) => readonly RegionItem[] | undefined,
): RegionOption[] => {
  const build = (items: readonly RegionItem[], level: RegionLevel): RegionOption[] =>
    items.map((item) => {
      const option: RegionOption = { value: item.id, label: item.name, level };
      const next = NEXT[level];
      if (!next) return { ...option, isLeaf: true };
      const children = childrenOf(level, item.id);
      if (!children) return { ...option, isLeaf: false };
      // A division without children (a city without districts) is chosen itself.
      return children.length ? { ...option, children: build(children, next) } : { ...option, isLeaf: true };
    });
  return build(provinces, 'province');
};

const cachedChildren = (client: QueryClient) => (level: RegionLevel, id: number) => {
  const q = childQuery(level, id);
  return q ? client.getQueryData<RegionItem[]>(q.queryKey) : undefined;
};

export interface RegionsState {
  options: RegionOption[];
  loading: boolean;
  /** Cascader's loadData: fetches the children of the last option of the path. */
  loadData: (path: RegionOption[]) => Promise<void>;
}

/** `value` is the current choice: its cities and districts are loaded so its names show. */
export function useRegions(value?: readonly number[]): RegionsState {
  const client = useQueryClient();
  const provinces = useQuery(regionQueries.provinces());
  // Children live in the query cache; a load re-renders so the options below read them again.
  const [, setLoads] = useState(0);

  const load = useCallback(
    async (level: RegionLevel, id: number) => {
      const q = childQuery(level, id);
      if (!q) return;
      try {
        await client.fetchQuery(q);
      } catch {
        return; // the http client has alerted
      }
      setLoads((n) => n + 1);
    },
    [client],
  );

  const [provinceId, cityId] = value ?? [];
  useEffect(() => {
    if (provinceId) void load('province', provinceId);
    if (cityId) void load('city', cityId);
  }, [provinceId, cityId, load]);

  // Built each render: a few dozen provinces and the lists opened so far.
  const options = regionOptions(provinces.data ?? [], cachedChildren(client));

  const loadData = useCallback(
    async (path: RegionOption[]) => {
      const last = path[path.length - 1];
      if (last) await load(last.level, last.value);
    },
    [load],
  );

  return { options, loading: provinces.isLoading, loadData };
}
