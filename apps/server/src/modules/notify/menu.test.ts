/**
 * /protects: the demo menu was published through the simulator; a menu past WeChat's limits is
 * refused with the field's reason and nothing is kept; 保存草稿 keeps the draft only; 发布 sends
 * WeChat's JSON and keeps the menu once WeChat accepted it (in the operation log); WeChat refusing
 * answers NOTIFY-50201 and changes nothing.
 */
import { WX_MENU_API, type WxMenu } from '@zb/contract/entities/wxMenu';
import { ERR } from '@zb/contract/errcodes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_DEMO } from '../../config';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { okData, refused } from '../storesMore/testHelpers';
import { WxClient } from './client';
import { publishWxMenu } from './menu';
import { notifyClientsOf } from './service';
import { notifySimulatorFetch, simMenu, WXSIM_IN_PROCESS_BASE } from './simulator';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
}, 180_000);
afterAll(() => t.close());

const MENU: WxMenu = {
  buttons: [
    { name: '会员', sub: [{ name: '我的卡', type: 'view', url: 'https://m.example.com/cards' }] },
    { name: '客服', type: 'click', key: 'SERVICE', sub: [] },
  ],
};

describe('公众号菜单', () => {
  it('has the demo menu, published through the simulator', async () => {
    const d = okData(await admin.call(WX_MENU_API.get));
    expect(d.published?.buttons.map((b) => b.name)).toEqual(['会员中心', '预约护理', '关于丝域']);
    expect(d.publishedByName).toBeTruthy();
    const held = (await simMenu(t.db)) as { button: { name: string; sub_button?: unknown[]; type?: string }[] };
    expect(held.button.map((b) => [b.name, b.sub_button?.length ?? b.type])).toEqual([
      ['会员中心', 3],
      ['预约护理', 'miniprogram'],
      ['关于丝域', 2],
    ]);
  });

  it('refuses a menu past WeChat’s limits, with the reason', async () => {
    const four = { buttons: [...MENU.buttons, ...MENU.buttons] };
    refused(await admin.call(WX_MENU_API.save, { body: four }), ERR.PARAM_INVALID, /最多 3 个一级菜单/);
    const long = { buttons: [{ name: '会员中心服务', type: 'click', key: 'A', sub: [] }] };
    refused(await admin.call(WX_MENU_API.publish, { body: long }), ERR.PARAM_INVALID, /最多 4 个汉字或 8 个字母/);
    const noUrl = { buttons: [{ name: '官网', type: 'view', sub: [] }] };
    refused(await admin.call(WX_MENU_API.save, { body: noUrl }), ERR.PARAM_INVALID, /「官网」：请填写网页地址/);
    const empty = { buttons: [{ name: '空', sub: [] }] };
    refused(await admin.call(WX_MENU_API.save, { body: empty }), ERR.PARAM_INVALID, /请选择菜单动作或添加子菜单/);
    expect(okData(await admin.call(WX_MENU_API.get)).draft?.buttons).toHaveLength(3);
  });

  it('saves a draft without publishing; 发布 sends it to WeChat and keeps it', async () => {
    const saved = okData(await admin.call(WX_MENU_API.save, { body: MENU }));
    expect(saved.draft?.buttons.map((b) => b.name)).toEqual(['会员', '客服']);
    expect(saved.published?.buttons).toHaveLength(3);
    const published = okData(await admin.call(WX_MENU_API.publish, { body: MENU }));
    expect(published.published?.buttons.map((b) => b.name)).toEqual(['会员', '客服']);
    expect(await simMenu(t.db)).toEqual({
      button: [
        { name: '会员', sub_button: [{ name: '我的卡', type: 'view', url: 'https://m.example.com/cards' }] },
        { name: '客服', type: 'click', key: 'SERVICE' },
      ],
    });
    const [log] = rowsOf<{ after: { menu: string } }>(
      await t.db.execute(sql`select after from operation_log where action = 'wxMenuPublish' order by id desc limit 1`),
    );
    expect(log!.after.menu).toBe('会员（我的卡）；客服');
  });

  it('changes nothing when WeChat refuses', async () => {
    const wrong = {
      ...notifyClientsOf(t.db, NOTIFY_DEMO),
      mp: new WxClient({
        base: WXSIM_IN_PROCESS_BASE,
        appId: NOTIFY_DEMO.mpAppId,
        secret: 'wrong',
        fetch: notifySimulatorFetch(t.db, NOTIFY_DEMO),
      }),
    };
    const other: WxMenu = { buttons: [{ name: '官网', type: 'view', url: 'https://m.example.com', sub: [] }] };
    await expect(publishWxMenu(t.db, wrong, 1, other)).rejects.toMatchObject({
      errcode: ERR.NOTIFY_WECHAT_REFUSED,
      message: expect.stringMatching(/微信拒绝了菜单：40125/),
    });
    expect(okData(await admin.call(WX_MENU_API.get)).published?.buttons.map((b) => b.name)).toEqual(['会员', '客服']);
  });
});
