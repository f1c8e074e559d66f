/** The crowd calls of the pages: a crowd's view, the builder's options, the live count, save, snapshots. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CROWD, CROWD_API, type CrowdForm, type CrowdRule } from '@zb/contract/entities/crowd';
import { ERR } from '@zb/contract/errcodes';
import { useCallback } from 'react';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';

export const CROWD_KEYS = {
  all: ['crowds'] as const,
  view: (id: number) => ['crowds', 'view', id] as const,
  options: ['crowds', 'options'] as const,
  count: (rule: CrowdRule) => ['crowds', 'count', rule] as const,
  snapshots: (q: object) => ['crowds', 'snapshots', q] as const,
  members: (q: object) => ['crowds', 'members', q] as const,
};

export const useCrowdView = (id: number | null) =>
  useQuery({
    queryKey: CROWD_KEYS.view(id ?? 0),
    queryFn: () => call(CROWD_API.view, { params: { id: id! } }),
    enabled: id !== null,
  });

export const useCrowdOptions = () =>
  useQuery({ queryKey: CROWD_KEYS.options, queryFn: () => call(CROWD_API.options, {}), staleTime: 60_000 });

/** The live count of a valid rule (null: none asked); its errors show under the count, not as alerts. */
export const useCrowdCount = (rule: CrowdRule | null) =>
  useQuery({
    queryKey: CROWD_KEYS.count(rule ?? { groups: [] }),
    queryFn: () =>
      call(
        CROWD_API.count,
        { body: { rule: rule! } },
        { handled: [ERR.CROWD_CONDITION_INVALID, ERR.PARAM_INVALID], success: false },
      ),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSnapshots = (q: { crowdId: number; pageNo: number; pageSize: number }) =>
  useQuery({ queryKey: CROWD_KEYS.snapshots(q), queryFn: () => call(CROWD_API.snapshots, { query: q }) });

export const useSnapshotMembers = (q: { snapshotId: number; pageNo: number; pageSize: number } | null) =>
  useQuery({
    queryKey: CROWD_KEYS.members(q ?? {}),
    queryFn: () => call(CROWD_API.snapshotMembers, { query: q! }),
    enabled: q !== null,
  });

/** After a write: the crowd, its snapshots and the list read again. */
export const useRefreshCrowds = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CROWD_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: resourceKey(CROWD) }),
      ]),
    [queryClient],
  );
};

export const saveCrowd = (body: CrowdForm) =>
  call(CROWD_API.save, { body }, { handled: [ERR.PARAM_INVALID, ERR.CROWD_CONDITION_INVALID] });

export const takeSnapshot = (id: number) => call(CROWD_API.snapshot, { body: { id } });
