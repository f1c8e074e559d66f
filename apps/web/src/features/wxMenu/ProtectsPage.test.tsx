/**
 * /protects: the published menu shows in the phone preview; choosing a button opens its settings; a
 * name past WeChat's width is named and 保存/发布 wait; 发布 asks first and posts the menu; without
 * 编辑 there is nothing to save.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { WxMenuDto } from '@zb/contract/entities/wxMenu';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: routeByPath('/protects')!.code!, name: '公众号菜单', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/protects', k)),
    }),
  );

const MENU = {
  buttons: [
    { name: '会员中心', sub: [{ name: '我的会员卡', type: 'view' as const, url: 'https://m.example.com/cards' }] },
    { name: '联系我们', type: 'click' as const, key: 'CONTACT', sub: [] },
  ],
};
const DTO: WxMenuDto = {
  draft: MENU,
  draftSavedAt: '2026-11-28T01:00:00.000Z',
  published: MENU,
  publishedAt: '2026-11-28T01:00:00.000Z',
  publishedByName: '系统管理员',
};

const server = () =>
  stubFetch((url) => {
    if (url.startsWith('/rest/protects/menu')) return { body: envelope(DTO) };
    if (url.startsWith('/rest/protects/publish')) return { body: envelope(DTO) };
    return { body: envelope(null) };
  });

const publishes = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).startsWith('/rest/protects/publish'));

describe('/protects', { timeout: 60_000 }, () => {
  it('edits a button within WeChat’s widths and publishes after asking', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/protects');
    const preview = await screen.findByTestId('menu-preview', {}, SLOW);
    expect(preview.textContent).toContain('会员中心');
    expect(screen.getByText(/由 系统管理员 发布/)).toBeTruthy();
    fireEvent.click(await findButton(preview, '联系我们'));
    const name = document.querySelector<HTMLInputElement>('input[aria-label="菜单名称"]')!;
    fireEvent.change(name, { target: { value: '联系我们客服中心' } });
    expect(await screen.findByText('菜单名称最多 4 个汉字或 8 个字母')).toBeTruthy();
    expect(buttonIn(document.body, '发布')!.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '客服' } });
    await waitFor(() => expect(buttonIn(document.body, '发布')!.disabled).toBe(false), SLOW);
    fireEvent.click(buttonIn(document.body, '发布')!);
    expect(publishes(fetch)).toHaveLength(0);
    fireEvent.click(await findButton(document.body, '确定'));
    await waitFor(() => expect(publishes(fetch)).toHaveLength(1), SLOW);
    const sent = JSON.parse(String(publishes(fetch)[0]![1]!.body));
    expect(sent.buttons[1]).toMatchObject({ name: '客服', type: 'click', key: 'CONTACT' });
  });

  it('has nothing to save without 编辑', async () => {
    signIn([]);
    server();
    renderApp('/protects');
    await screen.findByTestId('menu-preview', {}, SLOW);
    expect(buttonIn(document.body, '发布')).toBeNull();
    expect(buttonIn(document.body, '保存草稿')).toBeNull();
  });
});
