/**
 * 公众号菜单 (/protects, issue 16): the official account's bottom menu. Head office edits a draft —
 * at most 3 buttons, each either an action or a list of at most 5 sub-buttons — and 发布 sends it
 * to WeChat (`cgi-bin/menu/create`, through the notify module's WeChat adapter; docs/notify.md),
 * which answers for it: the menu members see is the one WeChat accepted. The rules below are
 * WeChat's own limits, checked here, on the server and by the simulator alike.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import type { EnumOption } from '../resource/define';

export const WX_MENU_TOP_MAX = 3;
export const WX_MENU_SUB_MAX = 5;
/** Name widths: a Chinese character counts 2, anything else 1 (一级 4 个汉字, 二级 8 个汉字). */
export const WX_MENU_TOP_WIDTH = 8;
export const WX_MENU_SUB_WIDTH = 16;

export const WX_MENU_TYPES = [
  { value: 'view', label: '跳转网页' },
  { value: 'click', label: '点击推送事件' },
  { value: 'miniprogram', label: '打开小程序' },
] as const satisfies readonly EnumOption[];
export type WxMenuType = (typeof WX_MENU_TYPES)[number]['value'];

export const nameWidth = (s: string): number =>
  [...s].reduce((n, c) => n + ((c.codePointAt(0) ?? 0) <= 0xff ? 1 : 2), 0);

const url = z
  .string({ error: '请填写网页地址' })
  .trim()
  .max(1000, '网页地址不能超过 1000 个字符')
  .regex(/^https?:\/\/\S+$/, '网页地址须以 http:// 或 https:// 开头');

/** An action button (a top button without sub-buttons, or any sub-button). */
const action = z.object({
  type: z.enum(WX_MENU_TYPES.map((t) => t.value) as [WxMenuType, ...WxMenuType[]], { error: '请选择菜单动作' }),
  key: z.string().trim().max(128, '事件 KEY 不能超过 128 个字符').optional(),
  url: url.optional(),
  appid: z
    .string()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/i, '小程序 AppID 形如 wx 加 16 位字母数字')
    .optional(),
  pagepath: z.string().trim().max(200, '小程序页面路径不能超过 200 个字符').optional(),
});

const named = (width: number, what: string) =>
  z
    .string({ error: `请填写${what}名称` })
    .trim()
    .min(1, `请填写${what}名称`)
    .refine((s) => nameWidth(s) <= width, `${what}名称最多 ${width / 2} 个汉字或 ${width} 个字母`);

export const wxMenuSubSchema = action.extend({ name: named(WX_MENU_SUB_WIDTH, '子菜单') });
export const wxMenuTopSchema = action.partial({ type: true }).extend({
  name: named(WX_MENU_TOP_WIDTH, '菜单'),
  sub: z.array(wxMenuSubSchema).max(WX_MENU_SUB_MAX, `每个菜单最多 ${WX_MENU_SUB_MAX} 个子菜单`).default([]),
});

/** Why an action button is incomplete, or null. */
export const actionProblem = (b: z.output<typeof action>): string | null => {
  if (b.type === 'click' && !b.key) return '请填写事件 KEY';
  if (b.type === 'view' && !b.url) return '请填写网页地址';
  if (b.type === 'miniprogram' && (!b.appid || !b.pagepath || !b.url)) {
    return '打开小程序须填写 AppID、页面路径和备用网页';
  }
  return null;
};

export const wxMenuSchema = z
  .object({
    buttons: z
      .array(wxMenuTopSchema, { error: '菜单格式无效' })
      .min(1, '请至少添加一个菜单')
      .max(WX_MENU_TOP_MAX, `最多 ${WX_MENU_TOP_MAX} 个一级菜单`),
  })
  .superRefine((m, ctx) => {
    m.buttons.forEach((b, i) => {
      if (b.sub.length === 0) {
        const p = b.type ? actionProblem(b as z.output<typeof action>) : '请选择菜单动作或添加子菜单';
        if (p) ctx.addIssue({ code: 'custom', path: ['buttons', i], message: `「${b.name}」：${p}` });
      }
      b.sub.forEach((s, j) => {
        const p = actionProblem(s);
        if (p) ctx.addIssue({ code: 'custom', path: ['buttons', i, 'sub', j], message: `「${s.name}」：${p}` });
      });
    });
  });
export type WxMenu = z.output<typeof wxMenuSchema>;
export type WxMenuTop = WxMenu['buttons'][number];
export type WxMenuSub = WxMenuTop['sub'][number];

/** The menu in WeChat's own JSON (`button`, `sub_button`). */
export const toWechatMenu = (m: WxMenu) => ({
  button: m.buttons.map((b) => {
    const act = (x: Omit<WxMenuSub, 'name'>) => ({
      type: x.type,
      ...(x.type === 'click' ? { key: x.key } : {}),
      ...(x.type === 'view' || x.type === 'miniprogram' ? { url: x.url } : {}),
      ...(x.type === 'miniprogram' ? { appid: x.appid, pagepath: x.pagepath } : {}),
    });
    return b.sub.length
      ? { name: b.name, sub_button: b.sub.map((s) => ({ name: s.name, ...act(s) })) }
      : { name: b.name, ...act(b as WxMenuSub) };
  }),
});

export interface WxMenuDto {
  draft: WxMenu | null;
  draftSavedAt: string | null;
  published: WxMenu | null;
  publishedAt: string | null;
  publishedByName: string | null;
}

export const WX_MENU_API = {
  get: endpoint<undefined, undefined, WxMenuDto>({
    method: 'GET',
    path: '/rest/protects/menu',
    access: pageAccess('/protects'),
    read: true,
    summary: '公众号菜单（草稿与已发布）',
  }),
  save: endpoint<undefined, WxMenu, WxMenuDto>({
    method: 'POST',
    path: '/rest/protects/save',
    access: buttonAccess('/protects', 'edit'),
    body: wxMenuSchema,
    summary: '保存菜单草稿',
  }),
  publish: endpoint<undefined, WxMenu, WxMenuDto>({
    method: 'POST',
    path: '/rest/protects/publish',
    access: buttonAccess('/protects', 'edit'),
    body: wxMenuSchema,
    summary: '发布菜单到公众号',
  }),
} as const;
