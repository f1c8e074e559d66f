/**
 * /homepageManagement without React: moving an item within its list (drag or 上移/下移), a new
 * empty item of each list, and a server field path said in Chinese (第 2 张轮播图的图片).
 */
import type { HomeDoc } from '@zb/contract/entities/homepage';

/** The list with the item at `from` moved to `to` (out-of-range moves change nothing). */
export const moveItem = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
};

export const NO_LINK = { kind: 'none', targetId: null, url: null } as const;

export const newBanner = (): HomeDoc['banners'][number] => ({ image: '', title: '', link: { ...NO_LINK } });
export const newNav = (): HomeDoc['navs'][number] => ({ icon: '', title: '', link: { ...NO_LINK } });

const LISTS: Record<string, [string, string]> = {
  banners: ['张轮播图', '轮播图'],
  navs: ['个导航', '导航'],
  goods: ['个推荐商品', '推荐商品'],
};
const FIELDS: Record<string, string> = {
  image: '图片',
  icon: '图标',
  title: '标题',
  id: '商品',
  kind: '类别',
  'link.kind': '跳转类型',
  'link.targetId': '跳转目标',
  'link.url': '网址',
};

/** 'banners.1.link.url' → '第 2 张轮播图的网址'; 'notice' → '公告'. */
export const fieldPlace = (path: string): string => {
  if (path === 'notice') return '公告';
  const [list, index, ...rest] = path.split('.');
  const names = LISTS[list ?? ''];
  if (!names) return path;
  if (index === undefined || !/^\d+$/.test(index)) return names[1];
  const field = FIELDS[rest.join('.')];
  return `第 ${Number(index) + 1} ${names[0]}${field ? `的${field}` : ''}`;
};

/** An item as the editor holds it: with a key of its own that survives reordering and editing. */
export type Keyed<T> = T & { _k: number };
export interface EditDoc {
  notice: string;
  banners: Keyed<HomeDoc['banners'][number]>[];
  navs: Keyed<HomeDoc['navs'][number]>[];
  goods: Keyed<HomeDoc['goods'][number]>[];
}

let nextKey = 0;
export const keyed = <T extends object>(item: T): Keyed<T> => ({ ...item, _k: ++nextKey });
const unkeyed = <T extends object>({ _k, ...item }: Keyed<T>): T => item as unknown as T;

export const toEdit = (d: HomeDoc): EditDoc => ({
  notice: d.notice,
  banners: d.banners.map(keyed),
  navs: d.navs.map(keyed),
  goods: d.goods.map(keyed),
});

export const toDoc = (e: EditDoc): HomeDoc => ({
  notice: e.notice,
  banners: e.banners.map(unkeyed),
  navs: e.navs.map(unkeyed),
  goods: e.goods.map(unkeyed),
});
