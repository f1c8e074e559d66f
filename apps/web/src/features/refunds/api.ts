/** 退款 calls (contract api/refunds.ts) and their TanStack Query keys. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REFUND_API } from '@zb/contract/api/refunds';
import type { RefundStep, refundListQuery } from '@zb/contract/entities/refund';
import type { z } from 'zod';
import { call } from '../../platform/http';

export type RefundListParams = Partial<z.input<typeof refundListQuery>> & { pageNo: number; pageSize: number };

export const REFUND_KEYS = {
  all: ['refunds'] as const,
  list: (p: RefundListParams) => ['refunds', 'list', JSON.stringify(p)] as const,
  detail: (id: number) => ['refunds', 'detail', id] as const,
};

export const useRefundList = (p: RefundListParams) =>
  useQuery({ queryKey: REFUND_KEYS.list(p), queryFn: () => call(REFUND_API.list, { query: p }) });

export const useRefundDetail = (id: number | null) =>
  useQuery({
    queryKey: REFUND_KEYS.detail(id ?? 0),
    queryFn: () => call(REFUND_API.detail, { params: { id: id! } }),
    enabled: id !== null,
  });

export const runRefundStep = (id: number, step: RefundStep, reason?: string) =>
  call(REFUND_API.step, { body: { id, step, reason } });

/** Reads every refund list and detail again (after a step). */
export const useRefreshRefunds = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: REFUND_KEYS.all });
};
