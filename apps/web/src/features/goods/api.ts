/**
 * The goods calls beyond the engine's: the pickers of products, projects and stored-value cards,
 * /productSort, and the label page's 设置标签 and 上移/下移. A write of one goods entity also
 * refreshes the lists and pickers that show it elsewhere (the declarations' `stale`).
 */
import { useQuery } from '@tanstack/react-query';
import { CARD } from '@zb/contract/entities/card';
import { CARD_PROJECT_DISCOUNT_API } from '@zb/contract/entities/cardProjectDiscount';
import { PRODUCT, PRODUCT_API } from '@zb/contract/entities/product';
import { PROJECT, PROJECT_API } from '@zb/contract/entities/project';
import { type AssignLabels, PROJECT_LABEL, PROJECT_LABEL_API } from '@zb/contract/entities/projectLabel';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';
import { callKey, resourceKey } from '../../platform/queryClient';

/** Each picker is kept under the entity it lists, so a write of that entity refreshes it. */
export const GOODS_KEYS = {
  productOptions: callKey(PRODUCT, PRODUCT_API.options),
  projectOptions: callKey(PROJECT, PROJECT_API.options),
  storedCardOptions: callKey(CARD, CARD_PROJECT_DISCOUNT_API.cardOptions),
  sortList: callKey(PRODUCT, PRODUCT_API.sortList),
};

export const useProductOptions = () =>
  useQuery({ queryKey: GOODS_KEYS.productOptions, queryFn: () => call(PRODUCT_API.options, {}) });

export const useProjectOptions = () =>
  useQuery({ queryKey: GOODS_KEYS.projectOptions, queryFn: () => call(PROJECT_API.options, {}) });

export const useStoredCardOptions = () =>
  useQuery({ queryKey: GOODS_KEYS.storedCardOptions, queryFn: () => call(CARD_PROJECT_DISCOUNT_API.cardOptions, {}) });

/** Every label, enabled or not, in display order (the 设置标签 dialog). */
export const useLabelChoices = (enabled: boolean) =>
  useQuery({
    queryKey: [...resourceKey(PROJECT_LABEL), 'choices'],
    enabled,
    queryFn: async () =>
      (await call(PROJECT_LABEL_API.list, { query: { pageNo: 1, pageSize: 100 } })).list.map((r) => ({
        id: r.id,
        name: String(r.name),
        enabled: r.enabled === true,
      })),
  });

export const fetchSortList = () => call(PRODUCT_API.sortList, {});

export const saveSort = (ids: number[]) => call(PRODUCT_API.saveSort, { body: { ids } });

/** 设置标签: field errors come back to the modal's form instead of an alert. */
export const assignLabels = (body: AssignLabels) =>
  call(PROJECT_LABEL_API.assign, { body }, { handled: [ERR.PARAM_INVALID] });

export const moveLabel = (id: number, dir: 'up' | 'down') => call(PROJECT_LABEL_API.move, { body: { id, dir } });
