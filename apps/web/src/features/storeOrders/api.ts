/** The store-order calls of the pages: an order's view, the pickers, the steps, payments and rules. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MATERIAL } from '@zb/contract/entities/material';
import { ORDER_CONFIG_API, type OrderConfigBody } from '@zb/contract/entities/orderConfig';
import {
  type OrderFamily,
  type OrderKind,
  type OrderLineInput,
  orderApiOf,
  type PayBody,
  type ReceiveBody,
} from '@zb/contract/entities/storeOrder';
import { useCallback } from 'react';
import { call } from '../../platform/http';
import { callKey, resourceKey } from '../../platform/queryClient';

export const ORDER_KEYS = {
  view: (f: OrderFamily, id: number) => ['storeOrders', f.key, 'view', id] as const,
  family: (f: OrderFamily) => ['storeOrders', f.key] as const,
  stores: (f: OrderFamily) => ['storeOrders', f.key, 'stores'] as const,
  /** A material saved on /orderConfiguration shows in the material order's picker without a reload. */
  items: (f: OrderFamily) =>
    f.key === 'material' ? callKey(MATERIAL, orderApiOf(f).items) : (['storeOrders', f.key, 'items'] as const),
  config: ['storeOrders', 'config'] as const,
};

export const useOrderView = (f: OrderFamily, id: number | null) =>
  useQuery({
    queryKey: ORDER_KEYS.view(f, id ?? 0),
    queryFn: () => call(orderApiOf(f).view, { params: { id: id! } }),
    enabled: id !== null,
  });

export const useOrderStores = (f: OrderFamily) =>
  useQuery({ queryKey: ORDER_KEYS.stores(f), queryFn: () => call(orderApiOf(f).stores, {}) });

/** What the store may order at its price (a franchise store's /cooperativeConfig terms); no store: every item at cost. */
export const useOrderItems = (f: OrderFamily, storeId?: number) =>
  useQuery({
    queryKey: [...ORDER_KEYS.items(f), storeId ?? null],
    queryFn: () => call(orderApiOf(f).items, { query: f.key === 'material' ? {} : { storeId } }),
  });

/** After a write: the order, and every list of its family, read again. */
export const useRefreshOrders = (f: OrderFamily) => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDER_KEYS.family(f) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(f.decl) }),
      ]),
    [queryClient, f],
  );
};

export const submitOrder = (
  f: OrderFamily,
  body: { storeId: number; kind: OrderKind; remark?: string | null; lines: OrderLineInput[] },
) => call(orderApiOf(f).submit, { body }, { handled: ['PARAM-40001'] });

export const modifyOrder = (f: OrderFamily, body: { id: number; remark?: string | null; lines: OrderLineInput[] }) =>
  call(orderApiOf(f).modify, { body }, { handled: ['PARAM-40001'] });

export const runStep = (f: OrderFamily, step: 'approve' | 'ship' | 'withdraw', id: number) =>
  call(orderApiOf(f)[step], { body: { id } });

export const rejectOrder = (f: OrderFamily, id: number, reason: string) =>
  call(orderApiOf(f).reject, { body: { id, reason } });

export const receiveOrder = (f: OrderFamily, body: ReceiveBody) => call(orderApiOf(f).receive, { body });

export const payOrder = (f: OrderFamily, body: PayBody) =>
  call(orderApiOf(f).pay, { body }, { handled: ['PARAM-40001'] });

export const useOrderConfigs = () =>
  useQuery({ queryKey: ORDER_KEYS.config, queryFn: () => call(ORDER_CONFIG_API.list, {}) });

export const saveOrderConfig = (body: OrderConfigBody) =>
  call(ORDER_CONFIG_API.save, { body }, { handled: ['PARAM-40001'] });
