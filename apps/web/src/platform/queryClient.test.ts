/** What a write makes stale in the query cache is the contract's data: the declaration's `stale`. */
import { CARD_PROJECT_DISCOUNT_API } from '@zb/contract/entities/cardProjectDiscount';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { PRODUCT, PRODUCT_API } from '@zb/contract/entities/product';
import { PRODUCT_PACKAGE } from '@zb/contract/entities/productPackage';
import { PROJECT } from '@zb/contract/entities/project';
import { PROJECT_LABEL } from '@zb/contract/entities/projectLabel';
import { STORE } from '@zb/contract/entities/store';
import { describe, expect, it } from 'vitest';
import { lookupKey } from './inputs/lookups';
import { callKey, createQueryClient, detailKey, invalidateAfterWrite, resourceKey } from './queryClient';

const cached = (keys: (readonly unknown[])[]) => {
  const client = createQueryClient();
  for (const queryKey of keys) client.setQueryData(queryKey, []);
  return client;
};

const staleOf = (client: ReturnType<typeof createQueryClient>, queryKey: readonly unknown[]) =>
  client.getQueryState(queryKey)?.isInvalidated;

describe('invalidateAfterWrite', () => {
  it('refreshes the entity’s lists, details and calls, and the resources its declaration names', async () => {
    const options = callKey(PRODUCT, PRODUCT_API.options);
    const packages = [...resourceKey(PRODUCT_PACKAGE), 'list', { pageNo: 1 }];
    const stores = [...resourceKey(STORE), 'list', { pageNo: 1 }];
    const gender = lookupKey({ path: '/rest/master/findGender' });
    const client = cached([options, detailKey(PRODUCT, 3), packages, stores, gender]);
    await invalidateAfterWrite(client, PRODUCT);
    expect(staleOf(client, options)).toBe(true);
    expect(staleOf(client, detailKey(PRODUCT, 3))).toBe(true);
    expect(staleOf(client, packages)).toBe(true);
    expect(staleOf(client, stores)).toBe(false);
    expect(staleOf(client, gender)).toBe(false);
  });

  it('refreshes every lookup select after a master item or a label changes', async () => {
    const gender = lookupKey({ path: '/rest/master/findGender' });
    const projects = [...resourceKey(PROJECT), 'list', {}];
    const client = cached([gender, projects]);
    await invalidateAfterWrite(client, MASTER_ITEM);
    expect(staleOf(client, gender)).toBe(true);
    expect(staleOf(client, projects)).toBe(false);
    const again = cached([gender, projects]);
    await invalidateAfterWrite(again, PROJECT_LABEL);
    expect(staleOf(again, gender)).toBe(true);
    expect(staleOf(again, projects)).toBe(true);
  });

  it('keeps the stored-card picker under the card, which a card’s write refreshes', () => {
    expect(callKey({ name: 'card' }, CARD_PROJECT_DISCOUNT_API.cardOptions).slice(0, 2)).toEqual(['resource', 'card']);
  });
});
