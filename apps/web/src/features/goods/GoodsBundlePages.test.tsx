/**
 * The distinctive controls of the goods bundle pages: 设置标签 and 上移 on /projectLabelSetList, a
 * package's projects with 原价合计 and off-sale projects not pickable, and the discount of a
 * stored-value card's associated project read as 折 and 折后价.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { GoodsOption } from '@zb/contract/entities/goodsCommon';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (pages: string[], buttons: [page: string, key: string][]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
        ...pages.map((p) => ({ code: routeByPath(p)!.code!, name: routeByPath(p)!.title, description: '' })),
      ],
      btn: buttons.map(([p, k]) => buttonCodeOf(p, k)),
    }),
  );

const PROJECTS: GoodsOption[] = [
  { id: 1, code: 'J001', name: '头皮深层清洁护理', status: 'on', price: 19800 },
  { id: 2, code: 'J002', name: '控油舒缓头疗', status: 'on', price: 26800 },
  { id: 3, code: 'J099', name: '旧款头疗', status: 'off', price: 9900 },
];

const PRODUCTS: (GoodsOption & { unit: string; mlPerUnit: number | null })[] = [
  { id: 11, code: 'P001', name: '草本控油洗发露', status: 'on', price: 12800, unit: '瓶', mlPerUnit: 500 },
  { id: 12, code: 'P012', name: '焗油护发素', status: 'on', price: 10800, unit: '瓶', mlPerUnit: 500 },
  { id: 22, code: 'P022', name: '护发素旅行装', status: 'off', price: 2900, unit: '支', mlPerUnit: 50 },
];

const LABELS = [
  { id: 41, code: 'NEW_MEMBER', name: '新会员', sort: 1, enabled: true, projectCount: 4 },
  { id: 42, code: 'VIP', name: '高价值会员', sort: 2, enabled: true, projectCount: 6 },
  { id: 49, code: 'SEASONAL', name: '季节限定', sort: 3, enabled: false, projectCount: 0 },
];

type Handler = (path: string, body: unknown) => unknown;

const server = (extra: Handler = () => undefined) =>
  stubFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    const body = init.body ? JSON.parse(String(init.body)) : null;
    const own = extra(path, body);
    if (own !== undefined) return { body: own };
    if (path === '/rest/project/options') return { body: envelope(PROJECTS) };
    if (path === '/rest/product/options') return { body: envelope(PRODUCTS) };
    if (path === '/rest/projectLabel/list') return { body: envelope({ list: LABELS, total: LABELS.length }) };
    if (path === '/rest/associatedProject/cardOptions') {
      return { body: envelope([{ id: 7, code: 'C006', name: '储值卡3000元', status: 'on', price: 300000 }]) };
    }
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

const bodyOf = (fetch: ReturnType<typeof stubFetch>, part: string, i = 0) =>
  JSON.parse(String(calls(fetch, part)[i]![1]!.body));

/**
 * Opens an antd Select (unless open already) and answers its dropdown: the one that appeared, or
 * the one its listbox id names (selects outside a Form.Item share a test id, so that comes second).
 */
const openSelect = async (within: Element) => {
  const select = within.classList.contains('ant-select') ? within : within.querySelector('.ant-select')!;
  const input = select.querySelector('input')!;
  const before = new Set(document.querySelectorAll('.ant-select-dropdown'));
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
  return waitFor(() => {
    const fresh = [...document.querySelectorAll('.ant-select-dropdown')].find((d) => !before.has(d));
    const named = document.getElementById(input.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const dropdown = fresh ?? named;
    if (!dropdown) throw new Error('no dropdown yet');
    return dropdown;
  }, SLOW);
};

const option = (dropdown: Element, text: string) =>
  waitFor(() => {
    const found = [...dropdown.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  }, SLOW);

const formItem = (label: string): HTMLElement => {
  for (const item of document.querySelectorAll<HTMLElement>('.ant-form-item')) {
    if (item.querySelector('label')?.textContent === label) return item;
  }
  throw new Error(`no form item ${label}`);
};

describe('goods bundle pages', { timeout: 60_000 }, () => {
  it('/projectLabelSetList: 设置标签 sends the projects and labels picked; a field error lands on its field', async () => {
    signIn(['/projectLabelSetList'], [['/projectLabelSetList', 'edit']]);
    let refuse = true;
    const fetch = server((path) => {
      if (path === '/rest/projectLabel/assign') {
        if (refuse) {
          refuse = false;
          return envelope(
            { fields: { labelIds: '项目「控油舒缓头疗」的标签将超过 10 个，请先移除部分标签' } },
            ERR.PARAM_INVALID,
            '项目「控油舒缓头疗」的标签将超过 10 个，请先移除部分标签',
          );
        }
        return envelope({ count: 2 });
      }
      if (path === '/rest/projectLabel/move') return envelope({ count: 2 });
      return undefined;
    });
    renderApp('/projectLabelSetList');
    const table = await tableBody();
    expect(await within(table).findByText('季节限定', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('停用')).toBeTruthy();

    fireEvent.click(await findButton(document, '设置标签'));
    const modal = await openModal();
    const projects = await openSelect(formItem('项目'));
    fireEvent.click(await option(projects, '头皮深层清洁护理（J001）'));
    fireEvent.click(await option(projects, '控油舒缓头疗（J002）'));
    const labels = await openSelect(formItem('标签'));
    // A disabled label cannot be added.
    expect((await option(labels, '季节限定（停用）')).className).toContain('option-disabled');
    fireEvent.click(await option(labels, '高价值会员'));
    fireEvent.click(buttonIn(modal, '确定')!);
    await waitFor(() => expect(calls(fetch, '/rest/projectLabel/assign')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/projectLabel/assign')).toEqual({ mode: 'add', projectIds: [1, 2], labelIds: [42] });
    expect(await within(modal).findByText(/标签将超过 10 个/, {}, SLOW)).toBeTruthy();
    expect(currentAlert()).toBeNull();

    // 移除 may take a disabled label off projects.
    fireEvent.click(within(modal).getByText('移除标签'));
    const again = await openSelect(formItem('标签'));
    await waitFor(
      async () => expect((await option(again, '季节限定（停用）')).className).not.toContain('disabled'),
      SLOW,
    );
    fireEvent.click(await option(again, '季节限定（停用）'));
    fireEvent.click(buttonIn(modal, '确定')!);
    await waitFor(() => expect(calls(fetch, '/rest/projectLabel/assign')).toHaveLength(2), SLOW);
    expect(bodyOf(fetch, '/rest/projectLabel/assign', 1)).toEqual({
      mode: 'remove',
      projectIds: [1, 2],
      labelIds: [42, 49],
    });
    // Done: the modal's form is emptied for the next time.
    await waitFor(() => expect(within(formItem('项目')).queryByText('控油舒缓头疗（J002）')).toBeNull(), SLOW);
    expect(currentAlert()).toBeNull();

    fireEvent.click(within(table).getByLabelText('上移高价值会员'));
    await waitFor(() => expect(calls(fetch, '/rest/projectLabel/move')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/projectLabel/move')).toEqual({ id: 42, dir: 'up' });
  });

  it('/projectLabelSetList: without 编辑 there is no 设置标签 and no 上移', async () => {
    signIn(['/projectLabelSetList'], []);
    server();
    renderApp('/projectLabelSetList');
    const table = await tableBody();
    expect(await within(table).findByText('高价值会员', {}, SLOW)).toBeTruthy();
    expect(buttonIn(document, '设置标签')).toBeNull();
    expect(within(table).queryByLabelText('上移高价值会员')).toBeNull();
  });

  it('/packageDetail: off-sale projects cannot be picked; 原价合计 and 优惠 follow the rows and the price', async () => {
    signIn(['/packageList'], [['/packageList', 'add']]);
    const fetch = server((path) => (path === '/rest/package/save' ? envelope({ id: 5 }) : undefined));
    renderApp('/packageDetail?create=1');
    const item = await waitFor(() => formItem('包含项目'), SLOW);
    fireEvent.click(await findButton(item, '添加项目'));
    const dropdown = await openSelect(item);
    expect((await option(dropdown, '旧款头疗（J099）（停售）')).className).toContain('option-disabled');
    fireEvent.click(await option(dropdown, '控油舒缓头疗（J002）'));
    fireEvent.change(within(item).getByLabelText('次数'), { target: { value: '3' } });
    await waitFor(() => expect(within(item).getByTestId('bundle-summary').textContent).toBe('原价合计 ¥804.00'), SLOW);
    fireEvent.change(screen.getByLabelText('套餐价'), { target: { value: '700' } });
    await waitFor(
      () =>
        expect(within(item).getByTestId('bundle-summary').textContent).toBe(
          '原价合计 ¥804.00，套餐价 ¥700.00，优惠 ¥104.00',
        ),
      SLOW,
    );
    fireEvent.change(screen.getByLabelText('套餐编码'), { target: { value: 'TC9' } });
    fireEvent.change(screen.getByLabelText('套餐名称'), { target: { value: '控油套餐' } });
    fireEvent.click(await findButton(document, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/package/save')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/package/save')).toMatchObject({
      code: 'TC9',
      price: 70000,
      projects: [{ projectId: 2, sessions: 3 }],
    });
  });

  it('/associatedProjectDetail: the discount reads as 折 and the price the card pays', async () => {
    signIn(['/associatedProjectList'], [['/associatedProjectList', 'add']]);
    server();
    renderApp('/associatedProjectDetail?create=1');
    const discount = await waitFor(() => formItem('折扣'), SLOW);
    expect(within(discount).getByTestId('discount-meaning').textContent).toBe('即 不打折');
    const project = await openSelect(formItem('项目'));
    fireEvent.click(await option(project, '头皮深层清洁护理（J001）'));
    fireEvent.change(within(discount).getByLabelText('折扣'), { target: { value: '85' } });
    await waitFor(
      () =>
        expect(within(discount).getByTestId('discount-meaning').textContent).toBe(
          '即 8.5折，头皮深层清洁护理 原价 ¥198.00，折后 ¥168.30',
        ),
      SLOW,
    );
  });

  it('/associatedDetail: the main product is not offered among its linked products; off-sale ones are', async () => {
    signIn(['/associatedList'], [['/associatedList', 'add']]);
    const fetch = server((path) => (path === '/rest/associated/save' ? envelope({ id: 3 }) : undefined));
    renderApp('/associatedDetail?create=1');
    const main = await openSelect(await waitFor(() => formItem('主商品'), SLOW));
    fireEvent.click(await option(main, '草本控油洗发露（P001）'));
    const linked = formItem('关联商品');
    fireEvent.click(await findButton(linked, '添加关联商品'));
    const dropdown = await openSelect(linked);
    await option(dropdown, '焗油护发素（P012）');
    const texts = () => [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(texts()).not.toContain('草本控油洗发露（P001）'), SLOW);
    const off = await option(dropdown, '护发素旅行装（P022）（停售）');
    expect(off.className).not.toContain('option-disabled');
    fireEvent.click(off);
    fireEvent.change(within(linked).getByLabelText('建议数量'), { target: { value: '2' } });
    fireEvent.click(await findButton(document, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/associated/save')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/associated/save')).toMatchObject({
      mainProductId: 11,
      items: [{ productId: 22, quantity: 2 }],
    });
  });
});
