/** A resource's list: the URL state of listParams, the rows from the declaration's list call. */
import type { Page } from '@zb/contract/api/paging';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { useCallback, useMemo } from 'react';
import { call } from '../http';
import { type UrlListSpec, useUrlList } from '../list/useUrlList';
import { listQueryOf, parseResourceParams, type ResourceParams, resourceSearch, type SortDir } from './listParams';

export const resourceListKey = (decl: AnyResource) => ['resource', decl.name, 'list'] as const;

export const useResourceList = (decl: AnyResource) => {
  const spec = useMemo<UrlListSpec<ResourceParams, ResourceRow>>(
    () => ({
      parse: (search) => parseResourceParams(decl, search),
      serialize: resourceSearch,
      queryKey: (p) => [...resourceListKey(decl), p],
      fetch: (p): Promise<Page<ResourceRow>> => call(resourceApi(decl).list, { query: listQueryOf(p) }),
    }),
    [decl],
  );
  const list = useUrlList(spec);
  const { go, params } = list;
  const search = useCallback((filters: Record<string, string>) => go({ ...params, filters, pageNo: 1 }), [go, params]);
  const reset = useCallback(() => go({ filters: {}, pageNo: 1, pageSize: params.pageSize }), [go, params.pageSize]);
  const sort = useCallback(
    (sortBy: string | undefined, sortDir: SortDir | undefined) =>
      go({ ...params, sortBy: sortDir ? sortBy : undefined, sortDir, pageNo: 1 }),
    [go, params],
  );
  return { ...list, search, reset, sort };
};

export type ResourceList = ReturnType<typeof useResourceList>;
