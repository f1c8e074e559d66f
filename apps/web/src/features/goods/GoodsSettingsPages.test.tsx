/**
 * /advanceVerification and /openCommodityRelation: their lists (platform, goods, store levels,
 * 启用/停用) and their goods picker, which offers projects or cards as the form's 商品类别 says.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const OPTIONS: Record<string, unknown[]> = {
  project: [{ id: 20, code: 'J020', name: '体验头疗（新客）', status: 'on' }],
  card: [{ id: 2, code: 'C002', name: '防脱固发疗程卡', status: 'on' }],
};

const signIn = (page: string) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
        { code: `ZBHT-SPGL:${page}`, name: page, description: '' },
      ],
      btn: ['add', 'edit', 'delete', 'export'].map((b) => `ZBHT-SPGL:${page}:${b}`),
    }),
  );

const server = (api: string, rows: unknown[]) =>
  stubFetch((url) => {
    const [path, qs] = url.split('?');
    if (path === `${api}/list`) return { body: envelope({ list: rows, total: rows.length }) };
    if (path === '/rest/goods/refOptions') return { body: envelope(OPTIONS[new URLSearchParams(qs).get('kind')!]) };
    if (path?.startsWith('/rest/master/findMaster/')) return { body: envelope([]) };
    return { body: envelope(null) };
  });

/** Opens 新增 and checks that the goods picker lists projects, then cards once 卡项 is chosen. */
const pickerFollowsKind = async (addLabel: string, fetch: ReturnType<typeof stubFetch>) => {
  fireEvent.click(await findButton(document, addLabel));
  const drawer = await openDrawer();
  fireEvent.mouseDown(await within(drawer).findByLabelText('选择项目', {}, SLOW));
  expect(await screen.findByTitle('体验头疗（新客）（J020）', {}, SLOW)).toBeTruthy();
  fireEvent.mouseDown(within(drawer).getByLabelText('商品类别'));
  fireEvent.click(await screen.findByTitle('卡项', {}, SLOW));
  fireEvent.mouseDown(await within(drawer).findByLabelText('选择卡项', {}, SLOW));
  expect(await screen.findByTitle('防脱固发疗程卡（C002）', {}, SLOW)).toBeTruthy();
  await waitFor(() =>
    expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/rest/goods/refOptions?kind=card'))).toBe(true),
  );
};

describe('goods settings pages', { timeout: 60_000 }, () => {
  it('/advanceVerification lists each rule with its goods, days and store levels, and switches rules on and off', async () => {
    signIn('advanceVerification');
    const fetch = server('/rest/advanceVerification', [
      {
        id: 1,
        goodsKind: 'project',
        goodsId: 12,
        goodsCode: 'J012',
        goodsName: '头皮能量安瓶护理',
        goodsStatus: 'on',
        maxDaysEarly: 7,
        storeScope: 'levels',
        storeLevelIds: [41, 42],
        storeLevelIdsName: 'A级、B级',
        enabled: false,
        remark: null,
        createdAt: '2025-03-01T02:00:00.000Z',
      },
    ]);
    renderApp('/advanceVerification');
    const table = await tableBody();
    expect(await within(table).findByText('头皮能量安瓶护理', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('A级、B级')).toBeTruthy();
    expect(within(table).getByText('停用')).toBeTruthy();
    expect(screen.getByText('批量启用')).toBeTruthy();
    await pickerFollowsKind('新增提前核销规则', fetch);
  });

  it('/openCommodityRelation lists platform goods with our goods, and picks a project or a card', async () => {
    signIn('openCommodityRelation');
    const fetch = server('/rest/openCommodity', [
      {
        id: 1,
        platform: 'douyin',
        platformGoodsId: 'DY7301450001',
        platformGoodsName: '抖音专享 头皮检测 + 体验头疗',
        voucherPrice: 4990,
        goodsKind: 'project',
        goodsId: 20,
        goodsCode: 'J020',
        goodsName: '体验头疗（新客）',
        goodsStatus: 'on',
        sessionsPerVoucher: 1,
        enabled: true,
        createdAt: '2025-03-01T02:00:00.000Z',
      },
    ]);
    renderApp('/openCommodityRelation');
    const table = await tableBody();
    expect(await within(table).findByText('DY7301450001', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('抖音')).toBeTruthy();
    expect(within(table).getByText('体验头疗（新客）')).toBeTruthy();
    expect(within(table).getByText('¥49.90')).toBeTruthy();
    await pickerFollowsKind('新增开放平台商品关联', fetch);
  });
});
