/** The shell with its query client, antd's <App> context and dayjs zh-cn: loaded lazily after sign-in, with the shell layout. */
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AntAppContext } from '../platform/AntAppContext';
import { createQueryClient } from '../platform/queryClient';
import ShellLayout from '../shell/ShellLayout';

dayjs.locale('zh-cn');

export default function ShellFrame() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AntAppContext>
        <ShellLayout />
      </AntAppContext>
    </QueryClientProvider>
  );
}
