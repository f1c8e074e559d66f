/**
 * The query client of a signed-in shell, and the keys of the resource engine's queries. What a
 * write makes stale is the contract's data (a declaration's `stale`): the entity's own lists,
 * details and calls, the resources it names, and the lookup selects.
 */
import { type QueryClient as Client, QueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@zb/contract/api/endpoint';
import type { AnyResource } from '@zb/contract/resource/define';
import { LOOKUPS } from '@zb/contract/resource/stale';

/**
 * Failed calls already alert through the http client, so queries do not retry (a retry would
 * alert again) and do not refetch on focus.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/** The first part of every lookup select's key. */
export const LOOKUP_KEY = 'lookup';

const keyOfName = (name: string) => ['resource', name] as const;

/** The prefix of every query of an entity: its lists, details and calls. */
export const resourceKey = (decl: Pick<AnyResource, 'name'>) => keyOfName(decl.name);

export const detailKey = (decl: Pick<AnyResource, 'name'>, id: number) => [...resourceKey(decl), 'detail', id] as const;

/**
 * A call beyond the engine's that reads the entity (its picker, a sort list): kept under the
 * entity's key, so a write of the entity (or of one naming it in `stale`) refreshes it.
 */
export const callKey = (decl: Pick<AnyResource, 'name'>, endpoint: Pick<Endpoint, 'path'>, ...params: unknown[]) =>
  [...resourceKey(decl), 'call', endpoint.path, ...params] as const;

/** The keys a write of `decl` makes stale: its own, and those its declaration's `stale` names. */
export const staleKeys = (decl: Pick<AnyResource, 'name' | 'stale'>): (readonly unknown[])[] => [
  resourceKey(decl),
  ...(decl.stale ?? []).map((name) => (name === LOOKUPS ? [LOOKUP_KEY] : keyOfName(name))),
];

/** Marks stale everything a write of `decl` changes (see staleKeys). */
export const invalidateAfterWrite = async (client: Client, decl: Pick<AnyResource, 'name' | 'stale'>) => {
  await Promise.all(staleKeys(decl).map((queryKey) => client.invalidateQueries({ queryKey })));
};
