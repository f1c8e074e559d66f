/**
 * /protects (contract entities/wxMenu.ts): the official account's menu — a draft saved whole, and
 * 发布, which sends the menu to WeChat through the adapter and keeps it as published only once
 * WeChat accepted it (a refusal answers NOTIFY-50201 with WeChat's code and changes nothing).
 */
import { toWechatMenu, type WxMenu, type WxMenuDto } from '@zb/contract/entities/wxMenu';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import type { NotifyClients } from './client';
import { notifyWxMenu } from './schema';

export const wxMenuState = async (db: Db): Promise<WxMenuDto> => {
  const [row] = await db
    .select({ m: notifyWxMenu, by: userAccount.nickname })
    .from(notifyWxMenu)
    .leftJoin(userAccount, eq(userAccount.id, notifyWxMenu.publishedBy))
    .where(eq(notifyWxMenu.id, 1));
  return {
    draft: (row?.m.draft as WxMenu | null) ?? null,
    draftSavedAt: row?.m.draftSavedAt?.toISOString() ?? null,
    published: (row?.m.published as WxMenu | null) ?? null,
    publishedAt: row?.m.publishedAt?.toISOString() ?? null,
    publishedByName: row?.by ?? null,
  };
};

/** The menu in words, for the operation log: 会员中心（我的卡券、预约）；关于我们. */
export const menuText = (m: WxMenu): string =>
  m.buttons.map((b) => (b.sub.length ? `${b.name}（${b.sub.map((s) => s.name).join('、')}）` : b.name)).join('；');

const upsert = (db: Db, set: Partial<typeof notifyWxMenu.$inferInsert>) =>
  db
    .insert(notifyWxMenu)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: notifyWxMenu.id, set });

export const saveWxMenu = async (db: Db, menu: WxMenu): Promise<WxMenuDto> => {
  await upsert(db, { draft: menu, draftSavedAt: new Date() });
  return wxMenuState(db);
};

export const publishWxMenu = async (
  db: Db,
  clients: NotifyClients,
  userId: number,
  menu: WxMenu,
): Promise<WxMenuDto> => {
  const out = await clients.mp.createMenu(toWechatMenu(menu));
  if (!out.ok) throw new BizError(ERR.NOTIFY_WECHAT_REFUSED, `微信拒绝了菜单：${out.code} ${out.detail}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(notifyWxMenu)
      .values({
        id: 1,
        draft: menu,
        draftSavedAt: new Date(),
        published: menu,
        publishedAt: new Date(),
        publishedBy: userId,
      })
      .onConflictDoUpdate({
        target: notifyWxMenu.id,
        set: { draft: menu, draftSavedAt: new Date(), published: menu, publishedAt: new Date(), publishedBy: userId },
      });
    await recordOperation(tx, {
      userId,
      action: 'wxMenuPublish',
      target: 'wx_menu:1',
      after: { menu: menuText(menu) },
    });
  });
  return wxMenuState(db);
};
