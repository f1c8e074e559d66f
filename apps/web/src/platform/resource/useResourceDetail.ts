/** One row of a resource, read through its detail call. */
import { useQuery } from '@tanstack/react-query';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { call } from '../http';
import { detailKey } from '../queryClient';

export const useResourceDetail = (decl: AnyResource, id: number | null) =>
  useQuery({
    queryKey: detailKey(decl, id ?? 0),
    queryFn: (): Promise<ResourceRow> => call(resourceApi(decl).detail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
