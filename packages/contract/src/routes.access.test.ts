import { describe, expect, it } from 'vitest';
import { canOpen, type MenuContext } from './access';
import { GROUP_CODES, GROUPS, SCRM_CATEGORY } from './groups';
import {
  firstVisibleChild,
  groupRoutes,
  inMenu,
  menuGroups,
  RESOURCES,
  ROUTES,
  type RouteDef,
  resourceCode,
  routeByPath,
} from './routes';

/** A whitespace-separated list of paths. */
const paths = (list: string): string[] => list.trim().split(/\s+/);

/** SPEC: "no role code" / "no permission code" / "no permission". */
const OPEN_PATHS = paths(`
  /projectConstraints /mallEventsList /qrCodeDetail /couponDetailActivty /storeLevel /downloadhistory
  /taskCenterBoss /taskCenterDetailBoss
`);

/** Detail routes an approver opens from the approval center. */
const APPROVER_PATHS = paths(`
  /bookProdDetail /bookProdDetailNew /bookProdPayDetail /aestheticProductDetail /materialBookProdDetail
  /closeDetail /memAccountDetail
  /memberMigration /orderDetail /asstesDetail /supplementOrCancellation /moveInDetailList /moveInDetail
  /salesDetail /giftsDetail /promotionDetail /activityDetail /fissionActDetail /bossGiftActDetail
  /couponDelayManage
  /refundDetail /refundIntentionDetail /onlineCouponRefundDetail
`);

const route = (path: string): RouteDef => {
  const r = routeByPath(path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

const ALL_CODES = new Set(RESOURCES.map((r) => r.code));
/** A user's menu context; the store-count flag is set (SCRM reports show). */
const ctx = (codes: Iterable<string>, storeCount: MenuContext['storeCount'] = 1): MenuContext => ({
  codes: new Set(codes),
  storeCount,
});
const isDetail = (r: RouteDef) => r.parent !== null;
const isOpen = (r: RouteDef) => r.codes.length === 0;

describe('permission codes', () => {
  it('opens exactly the eight routes SPEC gives no code to', () => {
    expect(
      ROUTES.filter(isOpen)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...OPEN_PATHS].sort());
    for (const path of OPEN_PATHS) {
      expect(route(path).codes, path).toEqual([]);
      expect(route(path).code, path).toBeNull();
    }
  });

  it('gives every other menu page its own code <group>:<path>', () => {
    for (const r of ROUTES.filter((x) => !isDetail(x) && !isOpen(x))) {
      expect(r.code, r.path).toBe(`${r.group}:${r.path.slice(1)}`);
      expect(r.code).toBe(resourceCode(r.group, r.path));
      expect(r.codes, r.path).toEqual([r.code]);
    }
  });

  it('opens a detail with the codes of the page it belongs to', () => {
    for (const r of ROUTES.filter((x) => isDetail(x) && !isOpen(x))) {
      const parent = route(r.parent as string);
      expect(parent.group, r.path).toBe(r.group);
      expect(ROUTES.indexOf(parent), r.path).toBeLessThan(ROUTES.indexOf(r));
      expect(r.code, r.path).toBeNull();
      expect(r.codes.slice(0, parent.codes.length), r.path).toEqual(parent.codes);
      const extra = r.codes.slice(parent.codes.length);
      expect(extra, r.path).toEqual(
        APPROVER_PATHS.includes(r.path) && !parent.codes.includes('ZBHT-SPZX') ? ['ZBHT-SPZX'] : [],
      );
      expect(new Set(r.codes).size, r.path).toBe(r.codes.length);
    }
  });

  it('lets approvers open the details they review from the approval center', () => {
    for (const path of APPROVER_PATHS) {
      expect(isDetail(route(path)), path).toBe(true);
      expect(route(path).codes, path).toContain('ZBHT-SPZX');
    }
    expect(route('/bookProdDetailNew').codes).toEqual(['ZBHT-MDGL:bookProdLstNew', 'ZBHT-SPZX']);
    expect(route('/moveInDetail').codes).toEqual(['ZBHT-HYGL:moveInList', 'ZBHT-SPZX']);
    expect(route('/accountDetail').codes).toEqual(['ZBHT-JCGL:accountManagement']);
    const withApproval = ROUTES.filter((r) => r.group !== 'ZBHT-SPZX' && r.codes.includes('ZBHT-SPZX'));
    expect(withApproval.map((r) => r.path).sort()).toEqual([...APPROVER_PATHS].sort());
  });

  it('canOpen: no code opens for anyone, otherwise one matching code suffices', () => {
    expect(canOpen({ codes: [] }, new Set())).toBe(true);
    expect(canOpen({ codes: ['A'] }, new Set())).toBe(false);
    expect(canOpen({ codes: ['A', 'B'] }, new Set(['B']))).toBe(true);
    expect(canOpen({ codes: ['A', 'B'] }, new Set(['C']))).toBe(false);
    expect(canOpen(route('/refundDetail'), new Set(['ZBHT-SPZX']))).toBe(true);
    expect(canOpen(route('/refundDetail'), new Set(['ZBHT-DDGL:refundList']))).toBe(true);
    expect(canOpen(route('/refundDetail'), new Set(['ZBHT-DDGL']))).toBe(false);
    expect(canOpen(route('/downloadhistory'), new Set())).toBe(true);
  });
});

describe('resources', () => {
  it('have unique codes', () => {
    const codes = RESOURCES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('include every group code and every page code', () => {
    for (const g of GROUPS) expect(ALL_CODES.has(g.code), g.code).toBe(true);
    for (const r of ROUTES) if (r.code) expect(ALL_CODES.has(r.code), r.code).toBe(true);
    for (const r of ROUTES) for (const c of r.codes) expect(ALL_CODES.has(c), `${r.path} ${c}`).toBe(true);
  });

  it('hang pages under their group and buttons under their page', () => {
    for (const res of RESOURCES) {
      if (res.kind === 'group') expect(res.parentCode).toBeNull();
      if (res.kind === 'page') expect(GROUP_CODES as readonly string[]).toContain(res.parentCode);
      if (res.kind === 'button') expect(res.code).toBe(`${res.parentCode}:${res.code.split(':').pop()}`);
    }
    const page = RESOURCES.find((r) => r.code === 'ZBHT-SPGL:productList');
    expect(page).toMatchObject({ name: '商品列表', kind: 'page', parentCode: 'ZBHT-SPGL' });
    expect(ALL_CODES.has('ZBHT-SPGL:productList:add')).toBe(true);
  });

  it('carry no code for open routes or details', () => {
    expect(RESOURCES.filter((r) => r.kind === 'page')).toHaveLength(
      ROUTES.filter((r) => !isDetail(r) && !isOpen(r)).length,
    );
  });
});

describe('the menu', () => {
  const admin = ctx(ALL_CODES);

  it('never shows hidden routes, even to an administrator', () => {
    for (const r of ROUTES.filter((x) => x.hidden)) expect(inMenu(r, admin), r.path).toBe(false);
    for (const r of ROUTES.filter((x) => !x.hidden)) expect(inMenu(r, admin), r.path).toBe(true);
  });

  it('shows a route only to a user holding one of its codes, open routes to all', () => {
    const storeClerk = ctx(['ZBHT-MDGL', 'ZBHT-MDGL:storeList']);
    expect(inMenu(route('/storeList'), storeClerk)).toBe(true);
    expect(inMenu(route('/posList'), storeClerk)).toBe(false);
    expect(inMenu(route('/downloadhistory'), storeClerk)).toBe(true);
  });

  it('hides the SCRM category unless the store-count flag is above 0', () => {
    const scrm = groupRoutes('ZBHT-BBHZ').filter((r) => r.category === SCRM_CATEGORY);
    expect(scrm).toHaveLength(4);
    for (const storeCount of [0, null, undefined]) {
      const c: MenuContext = { codes: ALL_CODES, storeCount };
      for (const r of scrm) expect(inMenu(r, c), `${r.path} ${storeCount}`).toBe(false);
      expect(inMenu(route('/finance'), c)).toBe(true);
    }
    for (const r of scrm) expect(inMenu(r, ctx(ALL_CODES, 3)), r.path).toBe(true);
  });

  it('lists a group only when its code is held and one of its children shows', () => {
    expect(menuGroups(admin).map((g) => g.code)).toEqual([...GROUP_CODES]);
    // The page code without the group code: no group.
    expect(menuGroups(ctx(['ZBHT-YGGL:staffManager'])).map((g) => g.code)).toEqual([]);
    // The group code without a permitted child: no group.
    expect(menuGroups(ctx(['ZBHT-YGGL'])).map((g) => g.code)).toEqual([]);
    expect(menuGroups(ctx(['ZBHT-YGGL', 'ZBHT-YGGL:staffManager'])).map((g) => g.code)).toEqual(['ZBHT-YGGL']);
    // Only hidden children permitted: no group.
    expect(menuGroups(ctx(['ZBHT-JCGL', 'ZBHT-SPZX'])).map((g) => g.code)).toEqual([]);
  });

  it('lists the report group for SCRM-only users only when the store-count flag is set', () => {
    const codes = ['ZBHT-BBHZ', 'ZBHT-BBHZ:newCustomer'];
    expect(menuGroups(ctx(codes, 0))).toEqual([]);
    expect(menuGroups(ctx(codes, 2)).map((g) => g.code)).toEqual(['ZBHT-BBHZ']);
  });

  it('goes to the first visible child of a group', () => {
    expect(firstVisibleChild('ZBHT-SPGL', admin)?.path).toBe('/productList');
    expect(firstVisibleChild('ZBHT-SPGL', ctx(['ZBHT-SPGL', 'ZBHT-SPGL:productSort']))?.path).toBe('/productSort');
    // Only the open page remains.
    expect(firstVisibleChild('ZBHT-SPGL', ctx(['ZBHT-SPGL']))?.path).toBe('/projectConstraints');
    expect(firstVisibleChild('ZBHT-BBHZ', ctx(['ZBHT-BBHZ:memberTag'], 0))).toBeUndefined();
    expect(firstVisibleChild('ZBHT-BBHZ', ctx(['ZBHT-BBHZ:memberTag'], 1))?.path).toBe('/memberTag');
  });
});
