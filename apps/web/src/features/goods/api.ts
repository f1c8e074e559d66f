/** The goods calls beyond the engine's: the pickers of projects and cards, and /productSort. */
import { useQuery } from '@tanstack/react-query';
import { PRODUCT, PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT, PROJECT_API } from '@zb/contract/entities/project';
import { call } from '../../platform/http';
import { relateQueries } from '../../platform/resource/useResourceActions';

export const GOODS_KEYS = {
  productOptions: ['goods', 'productOptions'] as const,
  projectOptions: ['goods', 'projectOptions'] as const,
  sortList: ['goods', 'productSort'] as const,
};

export const useProductOptions = () =>
  useQuery({ queryKey: GOODS_KEYS.productOptions, queryFn: () => call(PRODUCT_API.options, {}) });

export const useProjectOptions = () =>
  useQuery({ queryKey: GOODS_KEYS.projectOptions, queryFn: () => call(PROJECT_API.options, {}) });

export const fetchSortList = () => call(PRODUCT_API.sortList, {});

export const saveSort = (ids: number[]) => call(PRODUCT_API.saveSort, { body: { ids } });

// A product or project saved anywhere shows in the pickers and the sort page without a reload.
relateQueries(PRODUCT, [GOODS_KEYS.productOptions, GOODS_KEYS.sortList]);
relateQueries(PROJECT, [GOODS_KEYS.projectOptions]);
