/** The bell's unread count, shared by the top bar and /welcome. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NOTICE_KEYS, unreadCount } from './api';

/** The unread count, fetched again on every route change (and after a notice is read). */
export const useUnreadCount = (): number => {
  const { pathname } = useLocation();
  const query = useQuery({ queryKey: NOTICE_KEYS.unread, queryFn: unreadCount });
  const { refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger.
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  return query.data ?? 0;
};
