/**
 * 小程序首页配置 (/homepageManagement, SPEC §2.13, issue 16): what the members' mini-program shows
 * on its home page — a notice line, the banners (轮播图), the navigation icons (金刚区) and the
 * recommended goods (推荐商品), each list in the order head office arranges. Head office edits a
 * draft (保存草稿) and publishes it (发布): the mini-program reads only the published version
 * (POST /open/v1/miniHome), each publication is kept (发布记录) and an older one can be brought back
 * as the draft. A link goes to a goods, a published 软文 or a web page; goods off sale and 软文 not
 * published are refused when saved and left out when read.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { type Page, pagingQuery } from '../api/paging';
import type { EnumOption } from '../resource/define';

export const HOME_BANNERS_MAX = 8;
export const HOME_NAVS_MAX = 10;
export const HOME_GOODS_MAX = 20;
export const HOME_NOTICE_MAX = 60;
export const HOME_TITLE_MAX = 20;
export const HOME_NAV_TITLE_MAX = 6;

export const HOME_LINK_KINDS = [
  { value: 'none', label: '不跳转' },
  { value: 'product', label: '商品' },
  { value: 'project', label: '项目' },
  { value: 'softText', label: '软文' },
  { value: 'url', label: '网页' },
] as const satisfies readonly EnumOption[];
export type HomeLinkKind = (typeof HOME_LINK_KINDS)[number]['value'];

export const HOME_GOODS_KINDS = [
  { value: 'product', label: '商品' },
  { value: 'project', label: '项目' },
] as const satisfies readonly EnumOption[];

/** An uploaded image (/rest/upload/file/<uuid>) or an https address. */
const imageOf = (label: string) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .min(1, `请上传${label}`)
    .max(500, `${label}地址过长`)
    .regex(/^(\/rest\/upload\/file\/[0-9a-f-]{36}|https:\/\/\S+)$/, `${label}须为上传的图片或 https 地址`);

export const homeLinkSchema = z
  .object({
    kind: z.enum(['none', 'product', 'project', 'softText', 'url'], { error: '请选择跳转类型' }),
    targetId: idOf('跳转目标').nullish(),
    url: z.string().trim().max(300, '网址最多 300 个字符').nullish(),
  })
  .superRefine((l, ctx) => {
    if (['product', 'project', 'softText'].includes(l.kind) && !l.targetId) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: '请选择跳转目标' });
    }
    if (l.kind === 'url' && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(l.url ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: '请填写以 https:// 开头的网址' });
    }
  })
  .transform((l) => ({
    kind: l.kind,
    targetId: ['product', 'project', 'softText'].includes(l.kind) ? (l.targetId ?? null) : null,
    url: l.kind === 'url' ? (l.url ?? null) : null,
  }));
export type HomeLink = z.output<typeof homeLinkSchema>;

const titleOf = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多 ${max} 个字`);

export const homeBannerSchema = z.object({
  image: imageOf('轮播图'),
  title: titleOf('标题', HOME_TITLE_MAX),
  link: homeLinkSchema,
});
export const homeNavSchema = z.object({
  icon: imageOf('图标'),
  title: titleOf('名称', HOME_NAV_TITLE_MAX),
  link: homeLinkSchema,
});
export const homeGoodsSchema = z.object({
  kind: z.enum(['product', 'project'], { error: '请选择商品类别' }),
  id: idOf('商品'),
});

/** The whole home page, as saved (the draft) and as published. */
export const homeDocSchema = z
  .object({
    notice: z.string().trim().max(HOME_NOTICE_MAX, `公告最多 ${HOME_NOTICE_MAX} 个字`).default(''),
    banners: z.array(homeBannerSchema).max(HOME_BANNERS_MAX, `轮播图最多 ${HOME_BANNERS_MAX} 张`).default([]),
    navs: z.array(homeNavSchema).max(HOME_NAVS_MAX, `导航最多 ${HOME_NAVS_MAX} 个`).default([]),
    goods: z.array(homeGoodsSchema).max(HOME_GOODS_MAX, `推荐商品最多 ${HOME_GOODS_MAX} 个`).default([]),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.goods.forEach((g, i) => {
      const key = `${g.kind}:${g.id}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['goods', i, 'id'], message: '推荐商品重复' });
      seen.add(key);
    });
  });
export type HomeDoc = z.output<typeof homeDocSchema>;

export const EMPTY_HOME: HomeDoc = { notice: '', banners: [], navs: [], goods: [] };

/** A goods or 软文 a draft refers to, with what the page shows of it. */
export interface HomeTarget {
  kind: 'product' | 'project' | 'softText';
  id: number;
  name: string;
  /** 分; null for a 软文. */
  price: number | null;
  /** False: off sale, or a 软文 not published (the mini-program leaves it out). */
  usable: boolean;
}

export interface HomeState {
  draft: HomeDoc;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  published: HomeDoc | null;
  publishedAt: string | null;
  publishedBy: string | null;
  /** The published version's number (1, 2, …); 0 when never published. */
  version: number;
  /** The draft differs from the published version. */
  unpublished: boolean;
  /** Everything the draft and the published version refer to. */
  targets: HomeTarget[];
}

export interface HomeVersionRow {
  id: number;
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  banners: number;
  navs: number;
  goods: number;
}

/** What the mini-program reads: the published page with its links and goods resolved. */
export interface MiniHome {
  version: number;
  publishedAt: string;
  notice: string;
  banners: { image: string; title: string; link: MiniLink }[];
  navs: { icon: string; title: string; link: MiniLink }[];
  goods: { kind: 'product' | 'project'; id: number; name: string; price: number; image: string | null }[];
}
export interface MiniLink {
  kind: HomeLinkKind;
  targetId: number | null;
  url: string | null;
  /** The goods' or 软文's name. */
  title: string | null;
}

export const homeVersionQuery = pagingQuery;
export const homeRestoreBody = z.object({ id: idOf('发布记录') });

const P = '/rest/homepage';
const PAGE = '/homepageManagement';

export const HOMEPAGE_API = {
  get: endpoint<undefined, undefined, HomeState>({
    method: 'GET',
    path: `${P}/get`,
    access: pageAccess(PAGE),
    read: true,
    summary: '小程序首页的草稿与已发布版本',
  }),
  save: endpoint<undefined, z.output<typeof homeDocSchema>, HomeState>({
    method: 'POST',
    path: `${P}/save`,
    access: buttonAccess(PAGE, 'edit'),
    body: homeDocSchema,
    summary: '保存首页草稿',
  }),
  publish: endpoint<undefined, undefined, HomeState>({
    method: 'POST',
    path: `${P}/publish`,
    access: buttonAccess(PAGE, 'edit'),
    summary: '发布首页草稿',
  }),
  discard: endpoint<undefined, undefined, HomeState>({
    method: 'POST',
    path: `${P}/discard`,
    access: buttonAccess(PAGE, 'edit'),
    summary: '放弃草稿的修改（恢复为已发布版本）',
  }),
  versions: endpoint<z.output<typeof homeVersionQuery>, undefined, Page<HomeVersionRow>>({
    method: 'GET',
    path: `${P}/versions`,
    access: pageAccess(PAGE),
    query: homeVersionQuery,
    read: true,
    summary: '首页发布记录',
  }),
  restore: endpoint<undefined, z.output<typeof homeRestoreBody>, HomeState>({
    method: 'POST',
    path: `${P}/restore`,
    access: buttonAccess(PAGE, 'edit'),
    body: homeRestoreBody,
    summary: '把一次发布的内容恢复为草稿',
  }),
  softTexts: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: `${P}/softTexts`,
    access: pageAccess(PAGE),
    read: true,
    summary: '可跳转的已发布软文',
  }),
} as const;

/** The mini-program's read (open API, mini key): the body is empty. */
export const openMiniHomeBody = z.object({}).strict();
