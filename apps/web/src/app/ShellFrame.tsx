/** The shell with its query client and dayjs zh-cn: loaded lazily after sign-in, with the shell layout. */
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import ShellLayout from '../shell/ShellLayout';

dayjs.locale('zh-cn');

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

export default function ShellFrame() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout />
    </QueryClientProvider>
  );
}
