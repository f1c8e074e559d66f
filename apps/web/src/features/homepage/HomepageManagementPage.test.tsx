/**
 * /homepageManagement: the draft shows in the phone preview; 上移 reorders the banners (the
 * preview's first banner follows) and 保存草稿 sends that order; a refused draft names the item at
 * fault in Chinese; without 编辑 nothing can be changed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { HomeDoc, HomeState } from '@zb/contract/entities/homepage';
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
        { code: routeByPath('/homepageManagement')!.code!, name: '小程序首页配置', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/homepageManagement', k)),
    }),
  );

const none = { kind: 'none', targetId: null, url: null } as const;
const DOC: HomeDoc = {
  notice: '本周六会员日',
  banners: [
    { image: '', title: '秋冬头皮养护季', link: none },
    { image: '', title: '新客首次体验', link: none },
  ],
  navs: [{ icon: '', title: '预约到店', link: none }],
  goods: [{ kind: 'project', id: 7 }],
};
const STATE: HomeState = {
  draft: DOC,
  draftSavedAt: null,
  draftSavedBy: null,
  published: DOC,
  publishedAt: '2026-11-26T02:00:00.000Z',
  publishedBy: '系统管理员',
  version: 1,
  unpublished: false,
  targets: [{ kind: 'project', id: 7, name: '头皮舒缓护理', price: 19800, usable: true }],
};

const server = (save: (body: HomeDoc) => { body: unknown }) =>
  stubFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/homepage/get') return { body: envelope(STATE) };
    if (path === '/rest/homepage/save') return save(JSON.parse(String(init?.body)) as HomeDoc);
    if (path === '/rest/homepage/softTexts') return { body: envelope([]) };
    if (path === '/rest/goods/refOptions')
      return {
        body: envelope(
          url.includes('project') ? [{ id: 7, code: 'P7', name: '头皮舒缓护理', status: 'on', price: 19800 }] : [],
        ),
      };
    return { body: envelope(null) };
  });

const saves = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/homepage/save'));

describe('/homepageManagement', { timeout: 60_000 }, () => {
  it('reorders a banner, previews it, and saves that order', async () => {
    signIn(['edit']);
    const fetch = server((body) => ({ body: envelope({ ...STATE, draft: body, unpublished: true }) }));
    renderApp('/homepageManagement');
    const preview = await screen.findByLabelText('首页预览', {}, SLOW);
    expect(preview.textContent).toContain('本周六会员日');
    expect(preview.textContent).toContain('秋冬头皮养护季');
    expect(preview.textContent).toContain('头皮舒缓护理');
    expect(preview.textContent).toContain('¥198.00');

    const items = screen.getAllByTestId('home-item');
    fireEvent.click(buttonIn(items[1]!, '上移')!);
    await waitFor(() => expect(screen.getByLabelText('首页预览').textContent).toContain('新客首次体验'), SLOW);
    fireEvent.click(await findButton(document.body, '保存草稿'));
    await waitFor(() => expect(saves(fetch)).toHaveLength(1), SLOW);
    const sent = JSON.parse(String(saves(fetch)[0]![1]!.body)) as HomeDoc;
    expect(sent.banners.map((b) => b.title)).toEqual(['新客首次体验', '秋冬头皮养护季']);
  });

  it('names the item a refused draft has at fault', async () => {
    signIn(['edit']);
    server(() => ({
      body: envelope({ fields: { 'banners.0.image': '请上传轮播图' } }, 'PARAM-40001', '参数错误'),
    }));
    renderApp('/homepageManagement');
    await screen.findByLabelText('首页预览', {}, SLOW);
    fireEvent.change(screen.getByLabelText('公告'), { target: { value: '新公告' } });
    fireEvent.click(await findButton(document.body, '保存草稿'));
    expect(await screen.findByText('第 1 张轮播图的图片：请上传轮播图', {}, SLOW)).toBeTruthy();
  });

  it('changes nothing without 编辑', async () => {
    signIn([]);
    server(() => ({ body: envelope(null) }));
    renderApp('/homepageManagement');
    await screen.findByLabelText('首页预览', {}, SLOW);
    expect(buttonIn(document.body, '保存草稿')).toBeNull();
    expect(buttonIn(document.body, '上移')).toBeNull();
    expect((screen.getByLabelText('公告') as HTMLInputElement).disabled).toBe(true);
  });
});
