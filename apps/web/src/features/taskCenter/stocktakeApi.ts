/** 盘点通知 calls (SPEC §7.2 stocktaking) and their query keys, under the 消息中心's. */
import type { SaveStocktake } from '@zb/contract/api/stocktaking';
import { STOCKTAKE_API as S } from '@zb/contract/api/stocktaking';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';

export interface StocktakeListParams {
  pageNo: number;
  pageSize: number;
  title?: string;
  type?: number;
  status?: string;
  dayFrom?: string;
  dayTo?: string;
}

export const STOCKTAKE_KEYS = {
  all: ['tasks', 'stocktake'] as const,
  list: (p: StocktakeListParams) => ['tasks', 'stocktake', 'list', p] as const,
  detail: (id: number) => ['tasks', 'stocktake', 'detail', id] as const,
  types: ['tasks', 'stocktake', 'types'] as const,
  products: ['tasks', 'stocktake', 'products'] as const,
};

export const searchStocktakes = (p: StocktakeListParams) => call(S.searchStocktakingMsg, { query: p as never });
export const fetchStocktake = (id: number) => call(S.getStocktakingMsgDetail, { query: { id } as never });
export const fetchStocktakeTypes = () => call(S.findStocktakingMsgType);
export const fetchStocktakeProducts = () => call(S.products);
export const saveStocktake = (body: SaveStocktake) =>
  call(S.saveUpdateStocktakingMsg, { body }, { handled: [ERR.PARAM_INVALID] });
export const deleteStocktakes = (ids: number[]) => call(S.deleteStocktakingMsg, { body: { ids } });
