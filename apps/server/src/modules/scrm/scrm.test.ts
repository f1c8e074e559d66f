/**
 * 企业微信客户: the demo sync read the SCRM stores' customers and linked them to members; a link
 * of a rule tag must point toward WeCom; 立即同步 creates a linked tag missing in WeCom, adds and
 * removes customers as WeCom has them, and keeps tags in step both ways (a change in WeCom reaches
 * the member, a change of the member's tag reaches WeCom); WeCom refusing fails the run with
 * SCRM-50201; the four SCRM reports equal the facts they read; a region sees its stores.
 */
import { SCRM_API } from '@zb/contract/entities/scrm';
import { ERR } from '@zb/contract/errcodes';
import { CUSTOMER_FOLLOW, CUSTOMER_TAG, NEW_CUSTOMER, OLD_CUSTOMER } from '@zb/contract/reports/scrm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WXWORK_DEMO } from '../../config';
import { rowsOf } from '../../db/client';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { fieldErrors, okData, refused, signInRegion } from '../storesMore/testHelpers';
import { ScrmClient } from './client';
import { runScrmSync } from './service';
import {
  putSimContacts,
  removeSimContact,
  SCRMSIM_IN_PROCESS_BASE,
  scrmSimulatorFetch,
  simContactTags,
} from './simulator';

let t: TestApp;
let admin: TestClient;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const n = async (s: ReturnType<typeof sql>) => Number((await q<{ n: number }>(s))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
}, 180_000);
afterAll(() => t.close());

const tagId = async (name: string) =>
  (await q<{ id: number }>(sql`select id from member_tag where name = ${name}`))[0]!.id;
const sync = async () => okData(await admin.call(SCRM_API.sync, { body: {} }));

describe('联合标签与企业微信客户', () => {
  it('has the demo customers of the SCRM stores, linked to members, with the VIP tag in step', async () => {
    const contacts = await n(sql`select count(*)::int as n from scrm_contact where removed_at is null`);
    expect(contacts).toBeGreaterThan(50);
    expect(
      await n(
        sql`select count(*)::int as n from scrm_contact c join store s on s.id = c.store_id where not s.scrm_enabled`,
      ),
    ).toBe(0);
    expect(await n(sql`select count(*)::int as n from scrm_contact where member_id is null`)).toBeGreaterThan(0);
    // VIP客户 in WeCom ⇔ VIP关怀 on the member, for every customer that is a member.
    const [link] = await q<{ wecom_tag_id: string }>(
      sql`select wecom_tag_id from scrm_tag_link where wecom_tag_name = 'VIP客户'`,
    );
    const vip = await tagId('VIP关怀');
    const apart =
      await n(sql`select count(*)::int as n from scrm_contact c where c.removed_at is null and c.member_id is not null
      and (${link!.wecom_tag_id} = any(c.tags)) <> exists (select 1 from member_tag_member x where x.tag_id = ${vip} and x.member_id = c.member_id)`);
    expect(apart).toBe(0);
    const status = okData(await admin.call(SCRM_API.status));
    expect(status.stores).toBe(6);
    expect(status.lastRun?.status).toBe('succeeded');
  });

  it('refuses a rule tag synced from WeCom; creates a new link’s tag in WeCom on the next sync', async () => {
    const rule = await tagId('高消费会员');
    const bad = fieldErrors(
      await admin.call(SCRM_API.link.create!, {
        body: { memberTagId: rule, wecomGroup: '会员标签', wecomTagName: '高消费', direction: 'both', enabled: true },
      }),
    );
    expect(bad.direction).toMatch(/只能选择「会员标签→企业微信」/);
    const manual = await tagId('敏感头皮');
    okData(
      await admin.call(SCRM_API.link.create!, {
        body: {
          memberTagId: manual,
          wecomGroup: '服务提醒',
          wecomTagName: '敏感头皮',
          direction: 'both',
          enabled: true,
        },
      }),
    );
    refused(
      await admin.call(SCRM_API.link.create!, {
        body: { memberTagId: manual, wecomGroup: '服务提醒', wecomTagName: '另一个', direction: 'both', enabled: true },
      }),
      ERR.RECORD_DUPLICATE,
    );
    const r = await sync();
    expect(r.tagsCreated).toBe(1);
    const [l] = await q<{ wecom_tag_id: string | null }>(
      sql`select wecom_tag_id from scrm_tag_link where wecom_tag_name = '敏感头皮'`,
    );
    expect(l!.wecom_tag_id).toMatch(/^et/);
    expect(
      await n(sql`select count(*)::int as n from scrmsim_tag where name = '敏感头皮' and group_name = '服务提醒'`),
    ).toBe(1);
  });

  it('keeps the tags in step both ways, and follows WeCom’s customers', async () => {
    const [c] = await q<{
      ext: string;
      phone: string;
      member_id: number;
      staff_id: number;
    }>(sql`select c.external_user_id as ext,
      st.phone, c.member_id, c.staff_id from scrm_contact c join staff st on st.id = c.staff_id
      where c.removed_at is null and c.member_id is not null order by c.id limit 1`);
    const sensitive = await tagId('敏感头皮');
    const [l] = await q<{ wecom_tag_id: string }>(
      sql`select wecom_tag_id from scrm_tag_link where wecom_tag_name = '敏感头皮'`,
    );
    const has = () =>
      n(
        sql`select count(*)::int as n from member_tag_member where tag_id = ${sensitive} and member_id = ${c!.member_id}`,
      );
    const before = await has();
    // The staff member tags the customer in WeCom: the next sync tags the member.
    const inWecom = await simContactTags(t.db, c!.ext, c!.phone);
    await putSimContacts(t.db, [
      {
        externalUserId: c!.ext,
        followUserId: c!.phone,
        name: '改过的昵称',
        remarkMobile: (await q<{ phone: string }>(sql`select phone from member where id = ${c!.member_id}`))[0]!.phone,
        createdAt: new Date(),
        tags: before ? inWecom.filter((x) => x !== l!.wecom_tag_id) : [...inWecom, l!.wecom_tag_id],
      },
    ]);
    const r1 = await sync();
    expect(r1.tagsToMembers).toBeGreaterThanOrEqual(1);
    expect(await has()).toBe(before ? 0 : 1);
    expect(
      (await q<{ name: string }>(sql`select name from scrm_contact where external_user_id = ${c!.ext}`))[0]!.name,
    ).toBe('改过的昵称');
    // The member's tag is removed (or added) at head office: the next sync writes it to WeCom.
    await t.db.execute(
      before
        ? sql`insert into member_tag_member (tag_id, member_id, source) values (${sensitive}, ${c!.member_id}, 'manual')`
        : sql`delete from member_tag_member where tag_id = ${sensitive} and member_id = ${c!.member_id}`,
    );
    const r2 = await sync();
    expect(r2.tagsToWecom).toBeGreaterThanOrEqual(1);
    expect((await simContactTags(t.db, c!.ext, c!.phone)).includes(l!.wecom_tag_id)).toBe(Boolean(before));
    // A customer deleted in WeCom is marked 已删除; a new one appears.
    await removeSimContact(t.db, c!.ext, c!.phone);
    await putSimContacts(t.db, [
      {
        externalUserId: 'wmTestNew0001',
        followUserId: c!.phone,
        name: '新客户',
        remarkMobile: null,
        createdAt: new Date(),
      },
    ]);
    const r3 = await sync();
    expect([r3.added, r3.removed]).toEqual([1, 1]);
    expect(
      await n(
        sql`select count(*)::int as n from scrm_contact where external_user_id = ${c!.ext} and removed_at is not null`,
      ),
    ).toBe(1);
    const list = okData(await admin.call(SCRM_API.contact.list, { query: { name: '新客户' } }));
    expect(list.list[0]).toMatchObject({ name: '新客户', memberName: null });
  });

  it('talks to the simulator over HTTP once the server listens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const r = await sync();
    expect(r.contacts).toBeGreaterThan(50);
  });

  it('fails the run with SCRM-50201 when WeCom refuses, and says so in the status', async () => {
    const wrong = new ScrmClient({
      base: SCRMSIM_IN_PROCESS_BASE,
      corpId: WXWORK_DEMO.corpId,
      secret: 'wrong',
      fetch: scrmSimulatorFetch(t.db, WXWORK_DEMO),
    });
    await expect(runScrmSync(t.db, wrong)).rejects.toMatchObject({
      errcode: ERR.SCRM_WECOM_FAILED,
      message: expect.stringMatching(/企业微信返回错误 40001/),
    });
    expect(okData(await admin.call(SCRM_API.status)).lastRun).toMatchObject({ status: 'failed' });
  });
});

describe('SCRM 报表', () => {
  const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const daysAgo = (d: number) => new Date(Date.now() + 8 * 3600_000 - d * 86_400_000).toISOString().slice(0, 10);
  const period = () => ({ periodFrom: daysAgo(90), periodTo: today() });

  it('/newCustomer counts the customers added in the period', async () => {
    const r = await reportAll(admin, NEW_CUSTOMER, period());
    const added = await n(sql`select count(*)::int as n from scrm_contact
      where (added_at at time zone 'Asia/Shanghai')::date between ${daysAgo(90)}::date and ${today()}::date`);
    expect(Number(r.totals!.added)).toBe(added);
    const members = await n(sql`select count(*)::int as n from scrm_contact where member_id is not null
      and (added_at at time zone 'Asia/Shanghai')::date between ${daysAgo(90)}::date and ${today()}::date`);
    expect(Number(r.totals!.members)).toBe(members);
    const region = await signInRegion(t);
    const east = await reportAll(region, NEW_CUSTOMER, period());
    expect(Number(east.totals!.added)).toBeLessThan(added);
    expect(Number(east.totals!.added)).toBeGreaterThan(0);
  });

  it('/oldCustomer counts the bills of customers added before them', async () => {
    const r = await reportAll(admin, OLD_CUSTOMER, period());
    const [f] = await q<{ visits: number; amount: number; customers: number }>(sql`select count(*)::int as visits,
      coalesce(sum(b.total), 0)::bigint as amount, count(distinct b.member_id)::int as customers
      from member_consume b where b.status = 'completed'
        and (b.consumed_at at time zone 'Asia/Shanghai')::date between ${daysAgo(90)}::date and ${today()}::date
        and exists (select 1 from scrm_contact c where c.member_id = b.member_id and c.store_id = b.store_id
          and c.added_at < b.consumed_at)`);
    expect(Number(r.totals!.visits)).toBe(Number(f!.visits));
    expect(Number(r.totals!.amount)).toBe(Number(f!.amount));
    expect(Number(r.totals!.customers)).toBe(Number(f!.customers));
  });

  it('/customerFollow counts the SCRM stores’ follow-ups due in the period', async () => {
    const from = daysAgo(365);
    const to = daysAgo(-60);
    const r = await reportAll(admin, CUSTOMER_FOLLOW, { periodFrom: from, periodTo: to });
    const [f] = await q<{ due: number; done: number }>(sql`select count(*)::int as due,
      count(f.done_at)::int as done from follow_up f join store s on s.id = f.store_id
      where s.scrm_enabled and f.due_date between ${from}::date and ${to}::date`);
    expect(Number(r.totals!.due)).toBe(Number(f!.due));
    expect(Number(r.totals!.done)).toBe(Number(f!.done));
  });

  it('/memberTag counts the present customers by WeCom tag', async () => {
    const r = await reportAll(admin, CUSTOMER_TAG, { groupBy: 'tag' });
    const facts = await q<{ name: string; n: number }>(sql`select w.name, count(distinct c.external_user_id)::int as n
      from scrm_contact c cross join unnest(c.tags) t(id) join scrm_wecom_tag w on w.tag_id = t.id
      where c.removed_at is null group by w.group_name, w.name`);
    expect(r.list.map((row) => [row.tagName, Number(row.customers)]).sort()).toEqual(
      facts.map((f) => [f.name, Number(f.n)]).sort(),
    );
  });
});
