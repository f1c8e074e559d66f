/**
 * The /protects editor's headless model: the menu being edited, which button is chosen, and the
 * edits (add, remove, change a button), each answering a new menu; and the problems of a menu as
 * the contract's schema finds them (the server and WeChat check the same).
 */
import {
  WX_MENU_SUB_MAX,
  WX_MENU_TOP_MAX,
  type WxMenu,
  type WxMenuSub,
  type WxMenuTop,
  wxMenuSchema,
} from '@zb/contract/entities/wxMenu';

/** A chosen button: a top one, or one of its subs. */
export type MenuPath = { top: number; sub?: number };

export const EMPTY_MENU: WxMenu = { buttons: [] };

export const canAddTop = (m: WxMenu) => m.buttons.length < WX_MENU_TOP_MAX;
export const canAddSub = (m: WxMenu, top: number) => (m.buttons[top]?.sub.length ?? WX_MENU_SUB_MAX) < WX_MENU_SUB_MAX;

export const addTop = (m: WxMenu): WxMenu => ({
  buttons: [...m.buttons, { name: '新菜单', type: 'view', url: 'https://', sub: [] }],
});

/** A sub-button added under a top one, which then is only a list (its own action goes). */
export const addSub = (m: WxMenu, top: number): WxMenu => ({
  buttons: m.buttons.map((b, i) =>
    i === top ? { name: b.name, sub: [...b.sub, { name: '新子菜单', type: 'view', url: 'https://' } as WxMenuSub] } : b,
  ),
});

export const removeAt = (m: WxMenu, p: MenuPath): WxMenu => ({
  buttons:
    p.sub === undefined
      ? m.buttons.filter((_, i) => i !== p.top)
      : m.buttons.map((b, i) => {
          if (i !== p.top) return b;
          const sub = b.sub.filter((_, j) => j !== p.sub);
          // The last sub-button gone: the button needs an action of its own again.
          return sub.length ? { ...b, sub } : { name: b.name, type: 'view', url: 'https://', sub };
        }),
});

export const buttonAt = (m: WxMenu, p: MenuPath): WxMenuTop | WxMenuSub | undefined =>
  p.sub === undefined ? m.buttons[p.top] : m.buttons[p.top]?.sub[p.sub];

export const updateAt = (m: WxMenu, p: MenuPath, patch: Partial<WxMenuSub>): WxMenu => ({
  buttons: m.buttons.map((b, i) => {
    if (i !== p.top) return b;
    if (p.sub === undefined) return { ...b, ...patch } as WxMenuTop;
    return { ...b, sub: b.sub.map((s, j) => (j === p.sub ? { ...s, ...patch } : s)) };
  }),
});

/** Every problem of the menu, in words (empty: it may be saved and published). */
export const menuProblems = (m: WxMenu): string[] => {
  const r = wxMenuSchema.safeParse(m);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
};
