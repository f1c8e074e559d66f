import type { MenuResource } from '@zb/contract/api/auth';
import { GROUPS, SCRM_CATEGORY } from '@zb/contract/groups';
import { inMenu, menuGroups, ROUTES, type RouteDef } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { menuContextOf } from '../platform/permissions';
import { sessionUser } from '../test/fixtures';
import { crumbsOf, titleOf, WELCOME_TITLE } from './breadcrumb';
import { buildMenu, menuKeyOf } from './menuModel';

const entry = (code: string, name = '', description = ''): MenuResource => ({ code, name, description });
const page = ROUTES.find((r) => r.code && !r.hidden) as RouteDef & { code: string };

describe('menu model', () => {
  it('shows only the groups the user holds, with their visible children', () => {
    const user = sessionUser({ menu: [entry(page.group), entry(page.code)] });
    const menu = buildMenu(user, menuContextOf(user));
    expect(menu.map((g) => g.code)).toEqual([page.group]);
    const leaves = menu[0]?.categories.flatMap((c) => c.items.map((i) => i.path)) ?? [];
    expect(leaves).toContain(page.path);
    for (const path of leaves) {
      const route = ROUTES.find((r) => r.path === path);
      expect(route?.hidden).toBe(false);
    }
    expect(menu[0]?.first).toBe(leaves[0]);
  });

  it('a group code without any visible child shows no group', () => {
    const user = sessionUser({ menu: [entry(page.group)] });
    const ctx = menuContextOf(user);
    const hasOpenChild = ROUTES.some((r) => r.group === page.group && inMenu(r, ctx));
    expect(buildMenu(user, ctx).length).toBe(hasOpenChild ? 1 : 0);
  });

  it('page codes without their group code show nothing', () => {
    const user = sessionUser({ menu: [entry(page.code)] });
    expect(buildMenu(user, menuContextOf(user))).toEqual([]);
  });

  it("takes names and tips from the user's resources, falling back to the contract", () => {
    const user = sessionUser({ menu: [entry(page.group, '我的分组'), entry(page.code, '我的页面', '我的提示')] });
    const [group] = buildMenu(user, menuContextOf(user));
    expect(group?.name).toBe('我的分组');
    const leaf = group?.categories.flatMap((c) => c.items).find((i) => i.path === page.path);
    expect(leaf).toEqual({ path: page.path, name: '我的页面', tip: '我的提示' });

    const plain = sessionUser({ menu: [entry(page.group), entry(page.code)] });
    const [fallback] = buildMenu(plain, menuContextOf(plain));
    expect(fallback?.name).toBe(GROUPS.find((g) => g.code === page.group)?.name);
    const plainLeaf = fallback?.categories.flatMap((c) => c.items).find((i) => i.path === page.path);
    expect(plainLeaf).toEqual({ path: page.path, name: page.title, tip: page.tip });
  });

  it('groups children by category in table order', () => {
    const all = ROUTES.flatMap((r) => (r.code ? [entry(r.code)] : []));
    const user = sessionUser({ menu: [...GROUPS.map((g) => entry(g.code)), ...all], storeCount: 1 });
    const ctx = menuContextOf(user);
    const menu = buildMenu(user, ctx);
    expect(menu.map((g) => g.code)).toEqual(menuGroups(ctx).map((g) => g.code));
    for (const group of menu) {
      const expected = ROUTES.filter((r) => r.group === group.code && inMenu(r, ctx)).map((r) => r.path);
      expect(group.categories.flatMap((c) => c.items.map((i) => i.path)).sort()).toEqual([...expected].sort());
      const labels = group.categories.map((c) => c.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  const scrm = ROUTES.find((r) => r.category === SCRM_CATEGORY && !r.hidden && r.code);
  it.runIf(scrm)('hides the SCRM reports when the store-count flag is empty or 0', () => {
    const codes = [entry(scrm?.group ?? ''), entry(scrm?.code ?? '')];
    const paths = (storeCount: number | null) => {
      const user = sessionUser({ menu: codes, storeCount });
      return buildMenu(user, menuContextOf(user)).flatMap((g) =>
        g.categories.flatMap((c) => c.items.map((i) => i.path)),
      );
    };
    expect(paths(0)).not.toContain(scrm?.path);
    expect(paths(null)).not.toContain(scrm?.path);
    expect(paths(2)).toContain(scrm?.path);
  });

  it('a hidden detail lights up its parent page', () => {
    expect(menuKeyOf(page)).toBe(page.path);
    const detail = ROUTES.find((r) => r.hidden && r.parent);
    if (detail) expect(menuKeyOf(detail)).toBe(detail.parent);
    expect(menuKeyOf(undefined)).toBeUndefined();
  });
});

describe('menu order', () => {
  it('follows the order the server answers the resources in (an administrator may re-order them)', () => {
    const groups = [...GROUPS].reverse().map((g) => entry(g.code));
    const jcgl = ROUTES.filter((r) => r.group === 'ZBHT-JCGL' && r.code && !r.hidden);
    const last = jcgl.at(-1)!;
    const pages = [last, ...jcgl.slice(0, -1)].map((r) => entry(r.code!));
    const user = sessionUser({ menu: [...groups, ...pages] });
    const menu = buildMenu(user, menuContextOf(user));
    const codes = menu.map((g) => g.code);
    expect(codes).toEqual(groups.map((g) => g.code).filter((c) => codes.includes(c as never)));
    expect(codes.length).toBeGreaterThan(1);
    const basic = menu.find((g) => g.code === 'ZBHT-JCGL');
    expect(basic?.categories[0]?.items[0]?.path).toBe(last.path);
    expect(basic?.first).toBe(last.path);
  });
});

describe('breadcrumb', () => {
  it('group → page title for a menu page', () => {
    const group = GROUPS.find((g) => g.code === page.group)?.name;
    expect(crumbsOf(page, page.path)).toEqual([{ title: group }, { title: page.title }]);
    expect(titleOf(page, page.path)).toBe(page.title);
  });

  const detail = ROUTES.find((r) => r.parent);
  it.runIf(detail)('group → parent page (linked) → title for a detail', () => {
    if (!detail?.parent) return;
    const parent = ROUTES.find((r) => r.path === detail.parent);
    expect(crumbsOf(detail, detail.path)).toEqual([
      { title: GROUPS.find((g) => g.code === detail.group)?.name },
      { title: parent?.title, path: parent?.path },
      { title: detail.title },
    ]);
  });

  it('/welcome is 首页', () => {
    expect(crumbsOf(undefined, '/welcome')).toEqual([{ title: WELCOME_TITLE }]);
    expect(titleOf(undefined, '/welcome')).toBe('首页');
  });
});
