/**
 * A lookup list, headless: `useLookup(MASTER_API.findGender)` or, for a sub-type lookup,
 * `useLookup(MASTER_API.searchStaffLevel, { id: positionId })` (disabled until the id is known).
 * Every component asking for the same lookup shares one fetch per session.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type LookupEndpoint,
  type LookupItem,
  type LookupOption,
  type LookupParams,
  lookupOptions,
  lookupQuery,
} from './lookups';

export interface LookupState<T extends LookupItem> {
  list: T[];
  options: LookupOption[];
  loading: boolean;
  error: boolean;
}

const EMPTY: never[] = [];

export function useLookup<T extends LookupItem>(endpoint: LookupEndpoint<T>, params?: LookupParams): LookupState<T> {
  const query = useQuery(lookupQuery(endpoint, params));
  const list = query.data ?? EMPTY;
  const options = useMemo(() => lookupOptions(list), [list]);
  return { list, options, loading: query.isLoading, error: query.isError };
}
