/** The mall order calls of the pages: an order's view and the console's steps on orders and after-sale requests. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MALL_API, MALL_EARNEST_ORDER, MALL_ORDER, MALL_RETURN } from '@zb/contract/entities/mall';
import { useCallback } from 'react';
import { call } from '../../platform/http';
import { callKey, resourceKey } from '../../platform/queryClient';

export const mallViewKey = (id: number) => callKey(MALL_ORDER, MALL_API.view, id);

export const useMallOrderView = (id: number | null) =>
  useQuery({
    queryKey: mallViewKey(id ?? 0),
    queryFn: () => call(MALL_API.view, { params: { id: id! } }),
    enabled: id !== null,
  });

/** After a step: every mall list and view read again (an order's step also changes its after-sale request and vice versa). */
export const useRefreshMall = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [MALL_ORDER, MALL_EARNEST_ORDER, MALL_RETURN].map((d) =>
          queryClient.invalidateQueries({ queryKey: resourceKey(d) }),
        ),
      ),
    [queryClient],
  );
};

export const shipMallOrder = (id: number, trackingCompany: string, trackingNo: string) =>
  call(MALL_API.ship, { body: { id, trackingCompany, trackingNo } });
export const pickupMallOrder = (id: number) => call(MALL_API.pickup, { body: { id } });
export const cancelMallOrder = (id: number, reason?: string) => call(MALL_API.cancel, { body: { id, reason } });

export const cancelRefundMallOrder = (id: number, reason: string) =>
  call(MALL_API.cancelRefund, { body: { id, reason } });

const RETURN_CALLS = {
  approve: MALL_API.approveReturn,
  reject: MALL_API.rejectReturn,
  refund: MALL_API.refundReturn,
} as const;

export const runReturnStep = (step: keyof typeof RETURN_CALLS, id: number, reason?: string) =>
  call(RETURN_CALLS[step], { body: { id, reason } });
