/** 闭店迁移 calls (contract api/memberMoves.ts) and their TanStack Query keys. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClosureDto, MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import type { ClosureStatus, MoveStatus } from '@zb/contract/entities/memberMove';
import { call } from '../../platform/http';

export const MOVE_KEYS = {
  all: ['memberMoves'] as const,
  stores: ['memberMoves', 'stores'] as const,
  preview: (storeId: number) => ['memberMoves', 'preview', storeId] as const,
  list: (p: unknown) => ['memberMoves', 'list', JSON.stringify(p)] as const,
  closure: (id: number) => ['memberMoves', 'closure', id] as const,
  members: (p: unknown) => ['memberMoves', 'members', JSON.stringify(p)] as const,
};

export const useMoveStores = () =>
  useQuery({ queryKey: MOVE_KEYS.stores, queryFn: () => call(MEMBER_MOVE_API.stores) });

export const usePreview = (storeId: number | null) =>
  useQuery({
    queryKey: MOVE_KEYS.preview(storeId ?? 0),
    queryFn: () => call(MEMBER_MOVE_API.preview, { query: { storeId: storeId! } }),
    enabled: storeId !== null,
  });

export const useClosures = (p: { pageNo: number; pageSize: number; status?: ClosureStatus }) =>
  useQuery({ queryKey: MOVE_KEYS.list(p), queryFn: () => call(MEMBER_MOVE_API.closures, { query: p }) });

/** A closure; read again every second while its members are being moved (the job's progress). */
export const useClosure = (id: number | null) =>
  useQuery({
    queryKey: MOVE_KEYS.closure(id ?? 0),
    queryFn: () => call(MEMBER_MOVE_API.closure, { query: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (q) => ((q.state.data as ClosureDto | undefined)?.status === 'running' ? 1000 : false),
  });

export const useClosureMembers = (
  p: { closureId: number; pageNo: number; pageSize: number; status?: MoveStatus },
  running: boolean,
) =>
  useQuery({
    queryKey: MOVE_KEYS.members(p),
    queryFn: () => call(MEMBER_MOVE_API.closureMembers, { query: p }),
    refetchInterval: running ? 1000 : false,
  });

/** Reads every closure list, closure and member page again (after a start or a retry). */
export const useRefreshMoves = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: MOVE_KEYS.all });
};
