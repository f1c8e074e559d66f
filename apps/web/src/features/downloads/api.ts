/** Download-centre calls and their TanStack Query keys. */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { call } from '../../platform/http';
import type { Paging } from '../../platform/list/paging';

export const DOWNLOAD_KEYS = {
  all: ['downloads'] as const,
  list: (p: Paging) => ['downloads', 'list', p.pageNo, p.pageSize] as const,
};

export const listExports = (p: Paging) => call(DOWNLOAD_API.historys, { query: p });

/** The finished file as a Blob (an excel-type call: errors alert with the server's message). */
export const fetchExportFile = (id: number) =>
  call(DOWNLOAD_API.file, { params: { id } }, { excel: true }) as Promise<Blob>;
