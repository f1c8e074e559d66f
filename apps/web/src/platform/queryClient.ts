/** The query client of a signed-in shell. */
import { QueryClient } from '@tanstack/react-query';

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
