import { describe, expect, it } from 'vitest';
import { fieldPlace, moveItem } from './homeModel';

describe('the home page editor model', () => {
  it('moves an item within its list, and ignores moves out of it', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 3)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], -1, 0)).toEqual(['a', 'b', 'c']);
  });

  it('says where a server field error is, in Chinese', () => {
    expect(fieldPlace('banners.1.link.url')).toBe('第 2 张轮播图的网址');
    expect(fieldPlace('navs.0.title')).toBe('第 1 个导航的标题');
    expect(fieldPlace('goods.3.id')).toBe('第 4 个推荐商品的商品');
    expect(fieldPlace('goods')).toBe('推荐商品');
    expect(fieldPlace('notice')).toBe('公告');
  });
});
