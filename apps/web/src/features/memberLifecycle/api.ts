/** /editMemberLifeCycle's calls (contract entities/memberLifecycle.ts) and their TanStack Query key. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LifecycleSaveBody, MEMBER_LIFECYCLE_API } from '@zb/contract/entities/memberLifecycle';
import { call } from '../../platform/http';
import { runActive } from './lifecycleForm';

export const LIFECYCLE_KEY = ['memberLifecycle', 'definition'] as const;

/** Polling interval while a recomputation is queued or running. */
export const RUN_POLL_MS = 2000;

/** The definition, its history and the latest run; polled while the run is under way. */
export const useLifecycleDefinition = () =>
  useQuery({
    queryKey: LIFECYCLE_KEY,
    queryFn: () => call(MEMBER_LIFECYCLE_API.definition, {}),
    refetchInterval: (q) => (runActive(q.state.data?.run ?? null) ? RUN_POLL_MS : false),
  });

export const useSaveLifecycle = () => {
  const qc = useQueryClient();
  return async (body: LifecycleSaveBody) => {
    const view = await call(MEMBER_LIFECYCLE_API.save, { body });
    qc.setQueryData(LIFECYCLE_KEY, view);
    return view;
  };
};
