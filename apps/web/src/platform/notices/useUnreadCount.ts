/** The bell's unread count, shared by the top bar and /welcome. */
import { useQuery } from '@tanstack/react-query';
import { LIVE_FALLBACK_POLL_MS } from '@zb/contract/api/live';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLiveConnected } from '../live/useLive';
import { NOTICE_KEYS, unreadCount } from './api';

/**
 * The unread count, fetched again on every route change, after a notice is read, and when the
 * live stream says a notice came (platform/live); polled while the stream is not open.
 */
export const useUnreadCount = (): number => {
  const { pathname } = useLocation();
  const live = useLiveConnected();
  const query = useQuery({
    queryKey: NOTICE_KEYS.unread,
    queryFn: unreadCount,
    refetchInterval: live ? false : LIVE_FALLBACK_POLL_MS,
  });
  const { refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger.
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  return query.data ?? 0;
};
