/**
 * The goods calls beyond the engine's: the pickers of products, projects and stored-value cards,
 * /productSort, and the label page's 设置标签 and 上移/下移. A write of one goods entity also
 * refreshes the lists and pickers that show it elsewhere.
 */
import { useQuery } from '@tanstack/react-query';
import { CARD } from '@zb/contract/entities/card';
import { CARD_PROJECT_DISCOUNT, CARD_PROJECT_DISCOUNT_API } from '@zb/contract/entities/cardProjectDiscount';
import { MINOR_COURSE } from '@zb/contract/entities/minorCourse';
import { PRODUCT, PRODUCT_API } from '@zb/contract/entities/product';
import { PRODUCT_ASSOCIATION } from '@zb/contract/entities/productAssociation';
import { PRODUCT_PACKAGE } from '@zb/contract/entities/productPackage';
import { PROJECT, PROJECT_API } from '@zb/contract/entities/project';
import { type AssignLabels, PROJECT_LABEL, PROJECT_LABEL_API } from '@zb/contract/entities/projectLabel';
import { PROJECT_PACKAGE } from '@zb/contract/entities/projectPackage';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';
import { LOOKUP_KEY } from '../../platform/inputs/lookups';
import { relateQueries, resourceKey } from '../../platform/resource/useResourceActions';

export const GOODS_KEYS = {
  productOptions: ['goods', 'productOptions'] as const,
  projectOptions: ['goods', 'projectOptions'] as const,
  storedCardOptions: ['goods', 'storedCardOptions'] as const,
  sortList: ['goods', 'productSort'] as const,
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

// A product or project saved anywhere shows in the pickers, the sort page and the lists naming it.
relateQueries(PRODUCT, [
  GOODS_KEYS.productOptions,
  GOODS_KEYS.sortList,
  resourceKey(PRODUCT_PACKAGE),
  resourceKey(PRODUCT_ASSOCIATION),
]);
relateQueries(PROJECT, [
  GOODS_KEYS.projectOptions,
  resourceKey(PROJECT_LABEL),
  resourceKey(PROJECT_PACKAGE),
  resourceKey(MINOR_COURSE),
  resourceKey(CARD_PROJECT_DISCOUNT),
]);
relateQueries(CARD, [GOODS_KEYS.storedCardOptions, resourceKey(CARD_PROJECT_DISCOUNT)]);
// Labels feed every label select and the project list's 标签 column.
relateQueries(PROJECT_LABEL, [[LOOKUP_KEY], resourceKey(PROJECT)]);
