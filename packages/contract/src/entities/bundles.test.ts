/** The goods bundles' contract: discounts as 折 and 分, child rows, the label assignment body. */
import { describe, expect, it } from 'vitest';
import { createSchema } from '../resource/schemas';
import { DISCOUNT_FULL, discounted, discountText } from './cardProjectDiscount';
import { PRODUCT_ASSOCIATION } from './productAssociation';
import { assignLabelsBody, PROJECT_LABELS_MAX } from './projectLabel';
import { PROJECT_PACKAGE } from './projectPackage';

describe('discounts', () => {
  it('reads basis points as 折 and rounds the price after it to the 分, half up', () => {
    expect(discountText(8500)).toBe('8.5折');
    expect(discountText(9000)).toBe('9折');
    expect(discountText(8750)).toBe('8.75折');
    expect(discountText(DISCOUNT_FULL)).toBe('不打折');
    expect(discounted(19800, 8500)).toBe(16830);
    expect(discounted(19900, 8750)).toBe(17413); // 17412.5
    expect(discounted(19900, DISCOUNT_FULL)).toBe(19900);
  });
});

describe('bundle forms', () => {
  it('needs at least one project in a package and checks each row', () => {
    const pkg = { code: 'TC1', name: '套餐', price: 100, validityDays: 30, status: 'on' };
    const none = createSchema(PROJECT_PACKAGE).safeParse({ ...pkg, projects: [] });
    expect(none.error?.issues[0]?.message).toBe('请至少添加一个项目');
    const zero = createSchema(PROJECT_PACKAGE).safeParse({ ...pkg, projects: [{ projectId: 1, sessions: 0 }] });
    expect(zero.error?.issues[0]?.message).toBe('次数至少为 1');
    expect(createSchema(PROJECT_PACKAGE).safeParse({ ...pkg, projects: [{ projectId: 1, sessions: 3 }] }).success).toBe(
      true,
    );
  });

  it('needs a main product and at least one linked product', () => {
    const bad = createSchema(PRODUCT_ASSOCIATION).safeParse({ items: [{ productId: 2, quantity: 1 }] });
    expect(bad.error?.issues.map((i) => i.path[0])).toContain('mainProductId');
    const empty = createSchema(PRODUCT_ASSOCIATION).safeParse({ mainProductId: 1, items: [] });
    expect(empty.error?.issues[0]?.message).toBe('请至少添加一个关联商品');
  });

  it('takes projects, labels and add/remove in 设置标签, at most as many labels as a project holds', () => {
    expect(assignLabelsBody.safeParse({ projectIds: [1], labelIds: [2], mode: 'add' }).success).toBe(true);
    expect(assignLabelsBody.safeParse({ projectIds: [], labelIds: [2], mode: 'add' }).error?.issues[0]?.message).toBe(
      '请选择项目',
    );
    const many = Array.from({ length: PROJECT_LABELS_MAX + 1 }, (_, i) => i + 1);
    expect(assignLabelsBody.safeParse({ projectIds: [1], labelIds: many, mode: 'remove' }).success).toBe(false);
    expect(assignLabelsBody.safeParse({ projectIds: [1], labelIds: [1], mode: 'swap' }).error?.issues[0]?.message).toBe(
      '请选择添加或移除',
    );
  });
});
