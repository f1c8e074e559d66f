import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { crumbsOf, isOrderDetail } from './breadcrumb';

const titles = (path: string, search = '') => crumbsOf(routeByPath(path), path, search).map((c) => c.title);

describe('breadcrumb additions of SPEC §2.2', () => {
  it('ends a store-level page opened with ?storeName= with the store’s name', () => {
    expect(titles('/storeDetail', '?storeName=上海徐汇店&id=3')).toEqual([
      '门店管理',
      '门店列表',
      '门店详情',
      '上海徐汇店',
    ]);
    expect(titles('/storeDetail')).toEqual(['门店管理', '门店列表', '门店详情']);
  });

  it('adds the order code, or else the approval code, to order details', () => {
    for (const path of [
      '/orderDetail',
      '/orderDetails',
      '/onlineOrderDetail',
      '/payIntentionDetail',
      '/activityOrderDetail',
      '/refundDetail',
    ]) {
      expect(isOrderDetail(routeByPath(path)!)).toBe(true);
      expect(titles(path, '?orderCode=DD20260301001').at(-1)).toBe('DD20260301001');
      expect(titles(path, '?spNo=SP202611220001').at(-1)).toBe('SP202611220001');
    }
    expect(titles('/refundDetail', '?orderCode=DD1&spNo=SP2').at(-1)).toBe('DD1');
    // Not an order page: the code is not shown.
    expect(titles('/storeDetail', '?orderCode=DD1').at(-1)).toBe('门店详情');
  });

  it('prefixes the examining detail with 会员管理', () => {
    const crumbs = titles('/examiningDetail');
    expect(crumbs[0]).toBe('会员管理');
    expect(crumbs.at(-1)).toBe('检测报告详情');
  });
});
