/**
 * Lookup lists (SPEC §3, §7.3 /rest/master/*) as TanStack queries. Lookups never change during a
 * session, so a list is fetched once per query client (one per signed-in shell) and kept: fresh
 * and never collected. The key is the endpoint path and its parameters.
 */

import { queryOptions } from '@tanstack/react-query';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { call } from '../http';
import { LOOKUP_KEY } from '../queryClient';

/** What a lookup answers: `{ id, name }` items in display order (MasterItem, RegionItem). */
export interface LookupItem {
  id: number;
  name: string;
}

/** A lookup endpoint: a GET without query or body, optionally with path parameters (`:id`, `:code`). */
export type LookupEndpoint<T extends LookupItem = LookupItem> = Endpoint<undefined, undefined, T[]>;

/** Values of the endpoint's `:name` path parameters. */
export type LookupParams = Record<string, string | number>;

export interface LookupOption {
  value: number;
  label: string;
}

export const lookupKey = (endpoint: Pick<Endpoint, 'path'>, params?: LookupParams) =>
  [LOOKUP_KEY, endpoint.path, params ?? {}] as const;

/** Whether every `:name` of the path has a value (a sub-type lookup waits for its parent's id). */
export const hasPathParams = (path: string, params?: LookupParams): boolean =>
  [...path.matchAll(/:([A-Za-z]+)/g)].every(([, name]) => {
    const v = name ? params?.[name] : undefined;
    return v !== undefined && v !== '';
  });

export const lookupQuery = <T extends LookupItem>(endpoint: LookupEndpoint<T>, params?: LookupParams) =>
  queryOptions({
    queryKey: lookupKey(endpoint, params),
    queryFn: () => call(endpoint, { params }),
    enabled: hasPathParams(endpoint.path, params),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const lookupOptions = (list: readonly LookupItem[]): LookupOption[] =>
  list.map((item) => ({ value: item.id, label: item.name }));
