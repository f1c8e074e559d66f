/**
 * Demo promotion channels and QR codes (modules/channels): five channels (one 停用), a
 * headquarters code of the official account, a 门店海报 code for each of the first stores and a
 * code for each staff member of BJ001, with scans over the last three weeks and members
 * registered through them — all made through the module's services, the reports as the
 * mini-program's key sends them, so the figures equal their events.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { channel } from '../modules/channels/schema';
import { establishQrCodes, reportQrRegistration, reportQrScan } from '../modules/channels/service';
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
