/**
 * Demo promotion channels and QR codes (modules/channels): five channels (one 停用), a
 * headquarters code of the official account, a 门店海报 code for each of the first stores and a
 * code for each staff member of BJ001, with scans over the last three weeks and members
 * registered through them — all made through the module's services, the reports as the
 * mini-program's key sends them, so the figures equal their events. And the mini-program's 软文
 * (modules/content) in each state, with reads.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { channel } from '../modules/channels/schema';
import { establishQrCodes, reportQrRegistration, reportQrScan } from '../modules/channels/service';
import { readSoftText } from '../modules/content/open';
import { softTextBinding } from '../modules/content/resource';
import { softText } from '../modules/content/schema';
import { member } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import type { OpenCaller } from '../modules/openApi/types';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

const CHANNELS = [
  { name: '门店海报', kind: 'offline', remark: '门店张贴的扫码入会海报' },
  { name: '员工推广', kind: 'staff', remark: '员工个人推广码' },
  { name: '公众号推文', kind: 'online', remark: '公众号文章底部的小程序码' },
  { name: '门店地推', kind: 'store', remark: '门店周边地推活动' },
  { name: '抖音引流', kind: 'online', remark: '试投放，已停用', enabled: false },
] as const;

export const seedChannels = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  if (!admin || !mini) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const caller: OpenCaller = { clientId: mini.id, kind: 'mini', name: mini.name, storeId: null };

  const ids = new Map<string, number>();
  for (const c of CHANNELS) {
    const [row] = await tx
      .insert(channel)
      .values({ name: c.name, kind: c.kind, remark: c.remark, enabled: 'enabled' in c ? c.enabled : true })
      .returning({ id: channel.id });
    ids.set(c.name, row!.id);
  }

  const stores = await tx.select({ id: store.id, code: store.code }).from(store).orderBy(asc(store.code)).limit(6);
  const bj = stores.find((s) => s.code === 'BJ001') ?? stores[0];
  if (!bj) return;
  const bjStaff = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.storeId, bj.id), inArray(staff.status, ['active', 'probation'])))
    .orderBy(asc(staff.id))
    .limit(4);

  const made = [
    await establishQrCodes(tx, auth, {
      channelId: ids.get('公众号推文')!,
      name: '公众号菜单-会员中心',
      ownerKind: 'channel',
      storeIds: [],
      staffIds: [],
      target: 'page',
      pagePath: 'pages/member/index',
      params: 'src=gzh',
    }),
    await establishQrCodes(tx, auth, {
      channelId: ids.get('门店海报')!,
      name: '入会海报',
      ownerKind: 'store',
      storeIds: stores.map((s) => s.id),
      staffIds: [],
      target: 'register',
    }),
    bjStaff.length
      ? await establishQrCodes(tx, auth, {
          channelId: ids.get('员工推广')!,
          name: '员工推广码',
          ownerKind: 'staff',
          storeIds: [],
          staffIds: bjStaff.map((s) => s.id),
          target: 'register',
        })
      : { ids: [], codes: [] },
  ];
  const codes = made.flatMap((m) => m.codes);

  // Scans: code k gets a few a day over the last 21 days, deterministically.
  let seq = 0;
  for (const [k, code] of codes.entries()) {
    for (let d = 20; d >= 0; d--) {
      const n = (k * 7 + d * 3) % 4;
      for (let i = 0; i < n; i++) {
        const at = new Date(now.getTime() - d * DAY - (i + 1) * 3_600_000);
        await reportQrScan(tx, caller, { scanNo: `DEMO-SCAN-${++seq}`, code, at: at.toISOString() });
      }
    }
  }

  // Registrations: the newest members of each store code's store, through its code.
  const storeCodes = made[1]!.codes;
  for (const [k, s] of stores.entries()) {
    const ms = await tx
      .select({ code: member.code })
      .from(member)
      .where(eq(member.storeId, s.id))
      .orderBy(asc(member.id))
      .limit(3);
    for (const [i, m] of ms.entries()) {
      const at = new Date(now.getTime() - (i * 5 + k) * DAY);
      await reportQrRegistration(tx, caller, { code: storeCodes[k]!, member: m.code, at: at.toISOString() });
    }
  }
  const staffCodes = made[2]!.codes;
  const more = await tx
    .select({ code: member.code })
    .from(member)
    .where(eq(member.storeId, bj.id))
    .orderBy(asc(member.id))
    .offset(3)
    .limit(staffCodes.length * 2);
  for (const [i, m] of more.entries()) {
    const at = new Date(now.getTime() - (i + 1) * DAY);
    await reportQrRegistration(tx, caller, {
      code: staffCodes[i % staffCodes.length]!,
      member: m.code,
      at: at.toISOString(),
    });
  }
};

const ARTICLES = [
  {
    title: '秋冬季头皮护理的五个要点',
    category: 'knowledge',
    summary: '换季掉发多？从清洁、保湿到作息，养发师教你五步护理。',
    content:
      '<h2>换季为什么掉发多</h2><p>秋冬季空气干燥，头皮屏障容易受损。<strong>每周一次深层清洁</strong>，配合头皮精华，可明显改善。</p><ul><li>温水洗头，水温不超过 38℃</li><li>洗后及时吹干头皮</li><li>规律作息，少熬夜</li></ul>',
    publish: true,
    reads: 12,
  },
  {
    title: '双十二会员日：储值满赠活动',
    category: 'event',
    summary: '12 月 12 日当天到店储值，满 3000 元赠送头皮检测一次。',
    content: '<p>活动时间：12 月 12 日全天。</p><p>储值满 3000 元赠送<em>头皮检测</em>一次，详情咨询门店。</p>',
    publish: true,
    reads: 5,
  },
  {
    title: '我们的养发理念',
    category: 'brand',
    summary: '从一家社区小店到全国连锁，我们始终坚持科学养发。',
    content: '<p>科学检测、对症护理、长期跟踪。</p>',
    publish: false,
    reads: 0,
  },
] as const;

/** Demo 软文: two 已发布 (with reads sent as the mini-program sends them), one 草稿, one 已下线. */
export const seedSoftTexts = async (tx: Tx): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  if (!admin || !mini) return;
  const ctx = { tx, auth: { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null } as Auth };
  const caller: OpenCaller = { clientId: mini.id, kind: 'mini', name: mini.name, storeId: null };
  const service = softTextBinding.service!;
  let seq = 0;
  for (const a of [...ARTICLES, { ...ARTICLES[2], title: '夏季防晒护发小贴士', publish: true, reads: 3 }]) {
    const id = await service.create!(ctx, {
      title: a.title,
      category: a.category,
      summary: a.summary,
      content: a.content,
      cover: [],
    });
    if (!a.publish) continue;
    await service.batch!.publish!(ctx, [id]);
    for (let i = 0; i < a.reads; i++) {
      await readSoftText(tx, caller, { readNo: `DEMO-READ-${++seq}`, id, at: new Date().toISOString() });
    }
  }
  // The last one read for a while, then taken down.
  const [last] = await tx.select({ id: softText.id }).from(softText).orderBy(desc(softText.id)).limit(1);
  if (last) await service.batch!.offline!(ctx, [last.id]);
};
