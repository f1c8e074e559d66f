/** The schemas the goods declarations imply: list fields, child rows, integer 分. */
import { describe, expect, it } from 'vitest';
import { createSchema, updateSchema as typedUpdate } from '../resource/schemas';

const updateSchema = (d: Parameters<typeof typedUpdate>[0]) => ({
  parse: (v: unknown) => typedUpdate(d).parse(v) as Record<string, unknown>,
  safeParse: (v: unknown) => typedUpdate(d).safeParse(v),
});

import { CARD } from './card';
import { PRODUCT } from './product';
import { PROJECT } from './project';

const product = {
  code: 'P1',
  name: '洗发露',
  unit: '瓶',
  retailPrice: 100,
  costPrice: 50,
  status: 'on',
};

describe('goods schemas', () => {
  it('keeps images a list: left out on create, emptied (not null) on update, at most 9', () => {
    expect(createSchema(PRODUCT).parse(product)).not.toHaveProperty('images', null);
    expect(updateSchema(PRODUCT).parse({ id: 1, images: null }).images).toEqual([]);
    expect(updateSchema(PRODUCT).parse({ id: 1 }).images).toBeUndefined();
    const many = createSchema(PRODUCT).safeParse({
      ...product,
      images: Array.from({ length: 10 }, (_, i) => `/f/${i}`),
    });
    expect(many.error?.issues[0]?.message).toBe('商品图片最多 9 张');
  });

  it('refuses fractional 分 and checks child rows with Chinese messages', () => {
    expect(createSchema(PRODUCT).safeParse({ ...product, retailPrice: 1.5 }).error?.issues[0]?.message).toBe(
      '零售价须为整数',
    );
    const bad = createSchema(PROJECT).safeParse({
      code: 'J1',
      name: '头疗',
      typeId: 1,
      durationMin: 60,
      price: 100,
      status: 'on',
      products: [{ productId: 1, quantity: 0, unit: 'ml' }],
    });
    expect(bad.error?.issues[0]?.message).toBe('消耗数量至少为 1');
    const labels = updateSchema(PROJECT).safeParse({ id: 1, labelIds: [1, 'x'] });
    expect(labels.success).toBe(false);
    expect(updateSchema(CARD).parse({ id: 1, storeLevelIds: '' }).storeLevelIds).toEqual([]);
  });
});
