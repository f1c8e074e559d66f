/**
 * Members as people: tags (head office defines them; rule tags hold exactly the members their rule
 * selects, manual ones are given in the caller's scope), member files (one per member, in scope),
 * follow-ups and remarks sent by the stores through the open API (idempotent, a POS only for its
 * store, one result per follow-up, a late remark never overwrites a newer one) and read at SPEC
 * §7.8's exact paths in the caller's data scope, with Chinese errors and no 500.
 */

import { CROWD_API } from '@zb/contract/entities/crowd';
import {
  FOLLOW_API,
  MEMBER_FILE_API,
  MEMBER_TAG_API,
  type OpenFollowUpAnswer,
  type OpenMemberRemarkAnswer,
} from '@zb/contract/entities/memberCare';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { buttonCode, routeByPath } from '@zb/contract/routes';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { type OpenKey, openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { followUp, memberRemark, memberTag, memberTagMember } from './schema';
import { evaluateAllTags } from './tags';

let t: TestApp;
let admin: TestClient;
/** A 华东大区 role with the member pages and /tabsManagement with its buttons. */
let east: TestClient;
/** Signed in with a role holding nothing of these pages. */
let nobody: TestClient;
let eastMember: { id: number; phone: string };
let otherMember: { id: number; phone: string };
let bj001: number;

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const codesOf = (path: string) => {
  const r = routeByPath(path)!;
  return [...r.codes, ...(r.code ? r.buttons.map((b) => buttonCode(r.code!, b.key)) : [])];
};

let seq = 0;
const outer = () => `T-FU-${Date.now()}-${++seq}`;
const today = () => formatDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const { contentRoleId } = await createRole(t.db, {
    code: 'CARE_EAST',
    name: '华东会员',
    contentName: '华东大区',
    codes: [
      'ZBHT-HYGL',
      'ZBHT-YHFA-PAG',
      ...codesOf('/memberList'),
      ...codesOf('/tabsManagement'),
      ...codesOf('/crowdManagement'),
    ],
  });
  const userId = await createUser(t.db, { loginName: 'care-east', password: 'care12345' });
  east = await t.signIn('care-east', 'care12345', await grantRole(t.db, userId, contentRoleId));
  const none = await createRole(t.db, {
    code: 'CARE_NONE',
    name: '无会员页',
    contentName: '华东大区',
    codes: ['ZBHT-JCGL'],
  });
  const noneId = await createUser(t.db, { loginName: 'care-none', password: 'care12345' });
  nobody = await t.signIn('care-none', 'care12345', await grantRole(t.db, noneId, none.contentRoleId));

  const stores = await t.db
    .select({ id: store.id, code: store.code, regionName: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .orderBy(asc(store.code));
  bj001 = stores.find((s) => s.code === 'BJ001')!.id;
  const eastIds = stores.filter((s) => s.regionName === '华东大区').map((s) => s.id);
  const [e] = await t.db
    .select({ id: member.id, phone: member.phone })
    .from(member)
    .where(sql`${member.storeId} in (${sql.join(eastIds, sql`, `)})`)
    .orderBy(asc(member.id))
    .limit(1);
  const [o] = await t.db
    .select({ id: member.id, phone: member.phone })
    .from(member)
    .where(eq(member.storeId, bj001))
    .orderBy(asc(member.id))
    .limit(1);
  eastMember = e!;
  otherMember = o!;
  expect(eastIds).not.toContain(bj001);
});

afterAll(() => t?.close());

describe('demo data', () => {
  it('has manual and rule tags with members, rule tags holding exactly what their rule selects', async () => {
    const tags = await t.db.select().from(memberTag);
    expect(tags.some((x) => x.kind === 'manual' && x.memberCount > 0)).toBe(true);
    expect(tags.some((x) => x.kind === 'rule' && x.memberCount > 0)).toBe(true);
    for (const tag of tags) {
      const [n] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from member_tag_member where tag_id = ${tag.id}`),
      );
      expect(tag.memberCount, tag.name).toBe(Number(n!.n));
    }
    // 常客: 近 30 天到店 ≥ 3 次, counted independently.
    const frequent = tags.find((x) => x.name === '常客')!;
    const [expected] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (select c.member_id from member_consume c
        where c.status = 'completed' and c.consumed_at >= (((now() at time zone 'Asia/Shanghai')::date - 29)::timestamp at time zone 'Asia/Shanghai')
        group by c.member_id having count(distinct (c.consumed_at at time zone 'Asia/Shanghai')::date) >= 3) x`),
    );
    expect(frequent.memberCount).toBe(Number(expected!.n));
  });

  it('has follow-ups done, due and overdue, and stores’ remarks', async () => {
    const page = ok(await admin.call(FOLLOW_API.list, { query: { pageNo: 1, pageSize: 100 } }));
    const states = new Set(page.list.map((r) => r.state));
    expect(states).toEqual(new Set(['done', 'due', 'overdue']));
    const overdue = ok(await admin.call(FOLLOW_API.list, { query: { pageNo: 1, pageSize: 100, state: 'overdue' } }));
    expect(overdue.total).toBeGreaterThan(0);
    for (const r of overdue.list) {
      expect(r.doneAt).toBeNull();
      expect(r.dueDate! < today()).toBe(true);
    }
    expect((await t.db.select().from(memberRemark)).length).toBeGreaterThan(0);
  });
});

describe('tags', () => {
  it('creates a rule tag evaluated at once, and refuses a bad rule with a Chinese field error', async () => {
    const rule = { conditions: [{ kind: 'balance', amount: { min: 1 } }] };
    const { id } = ok(
      await admin.call(MEMBER_TAG_API.create!, {
        body: { name: '有储值', kind: 'rule', color: 'green', rule } as never,
      }),
    );
    const [row] = await t.db.select().from(memberTag).where(eq(memberTag.id, id));
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from member where stored_valid >= 1`),
    );
    expect(row!.memberCount).toBe(Number(n!.n));
    expect(row!.ruleText).toBe('储值余额 ≥ 0.01 元');

    const missing = await admin.call(MEMBER_TAG_API.create!, {
      body: { name: '无规则', kind: 'rule', color: 'blue' } as never,
    });
    expect(missing.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(missing.body.errmsg).toBe('规则标签须填写规则');
    const bad = await admin.call(MEMBER_TAG_API.create!, {
      body: {
        name: '坏规则',
        kind: 'rule',
        color: 'blue',
        rule: { conditions: [{ kind: 'balance', amount: { min: 5, max: 1 } }] },
      } as never,
    });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toContain('储值余额上限不能小于下限');
    const kind = await admin.call(MEMBER_TAG_API.create!, {
      body: { name: '坏类型', kind: 'rule', color: 'blue', rule: { conditions: [{ kind: 'weather' }] } } as never,
    });
    expect(kind.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(kind.body.errmsg).toContain('条件类型无效');
    const dup = await admin.call(MEMBER_TAG_API.create!, {
      body: { name: '有储值', kind: 'manual', color: 'blue' } as never,
    });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
  });

  it('is defined by head office only: a region role reads tags but may not change them', async () => {
    const list = ok(await east.call(MEMBER_TAG_API.list, { query: { pageNo: 1, pageSize: 10 } }));
    expect(list.total).toBeGreaterThan(0);
    const refused = await east.call(MEMBER_TAG_API.create!, {
      body: { name: '大区标签', kind: 'manual', color: 'blue' } as never,
    });
    expect(refused.body.errcode).toBe(ERR.FORBIDDEN);
    expect(refused.body.errmsg).toBe('会员标签由总部维护，您的角色不能修改');
    expect((await t.db.select().from(memberTag).where(eq(memberTag.name, '大区标签'))).length).toBe(0);
    const denied = await nobody.call(MEMBER_TAG_API.list, { query: { pageNo: 1, pageSize: 10 } });
    expect(denied.body.errcode).toBe(ERR.FORBIDDEN);
  });

  it('assigns a manual tag by id and by phone in the caller’s scope, and removes it', async () => {
    const { id } = ok(
      await admin.call(MEMBER_TAG_API.create!, { body: { name: '测试手动', kind: 'manual', color: 'blue' } as never }),
    );
    const first = ok(
      await east.call(MEMBER_TAG_API.assign, {
        body: { tagId: id, memberIds: [eastMember.id], memberKeys: [eastMember.phone] },
      }),
    );
    expect(first).toEqual({ added: 1, already: 0 });
    const again = ok(await east.call(MEMBER_TAG_API.assign, { body: { tagId: id, memberIds: [eastMember.id] } }));
    expect(again).toEqual({ added: 0, already: 1 });
    // A member of another region: refused, nothing written.
    const out = await east.call(MEMBER_TAG_API.assign, { body: { tagId: id, memberIds: [otherMember.id] } });
    expect(out.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(out.body.errmsg).toBe('会员不存在或不在您的数据范围内');
    const unknown = await east.call(MEMBER_TAG_API.assign, { body: { tagId: id, memberKeys: ['13000000000'] } });
    expect(unknown.body.errmsg).toBe('会员 13000000000 不存在');
    const empty = await east.call(MEMBER_TAG_API.assign, { body: { tagId: id } as never });
    expect(empty.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(empty.body.errmsg).toBe('请选择会员');

    const members = ok(await east.call(MEMBER_TAG_API.members, { query: { tagId: id, pageNo: 1, pageSize: 10 } }));
    expect(members.list.map((m) => m.memberId)).toEqual([eastMember.id]);
    expect(members.list[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const mine = ok(await east.call(MEMBER_TAG_API.ofMember, { query: { memberId: eastMember.id } }));
    expect(mine.some((x) => x.id === id && x.source === 'manual')).toBe(true);
    const hidden = await east.call(MEMBER_TAG_API.ofMember, { query: { memberId: otherMember.id } });
    expect(hidden.body.errcode).toBe(ERR.RECORD_NOT_FOUND);

    expect(ok(await east.call(MEMBER_TAG_API.unassign, { body: { tagId: id, memberIds: [eastMember.id] } }))).toEqual({
      removed: 1,
    });
    const [row] = await t.db.select().from(memberTag).where(eq(memberTag.id, id));
    expect(row!.memberCount).toBe(0);
  });

  it('refuses a rule tag by hand, a manual tag’s evaluation and a 停用 tag’s assignment (TAG-40001)', async () => {
    const [rule] = await t.db.select().from(memberTag).where(eq(memberTag.kind, 'rule')).limit(1);
    const byHand = await admin.call(MEMBER_TAG_API.assign, { body: { tagId: rule!.id, memberIds: [eastMember.id] } });
    expect(byHand.body.errcode).toBe(ERR.TAG_KIND_MISMATCH);
    expect(byHand.body.errmsg).toContain('是规则标签');
    const [manual] = await t.db
      .select()
      .from(memberTag)
      .where(and(eq(memberTag.kind, 'manual'), eq(memberTag.enabled, true)))
      .limit(1);
    const evaluated = await admin.call(MEMBER_TAG_API.evaluate, { params: { id: manual!.id } });
    expect(evaluated.body.errcode).toBe(ERR.TAG_KIND_MISMATCH);
    const [off] = await t.db.select().from(memberTag).where(eq(memberTag.enabled, false)).limit(1);
    const disabled = await admin.call(MEMBER_TAG_API.assign, { body: { tagId: off!.id, memberIds: [eastMember.id] } });
    expect(disabled.body.errcode).toBe(ERR.TAG_KIND_MISMATCH);
    expect(disabled.body.errmsg).toContain('已停用');
    const regionEval = await east.call(MEMBER_TAG_API.evaluate, { params: { id: rule!.id } });
    expect(regionEval.body.errcode).toBe(ERR.FORBIDDEN);
    const missing = await admin.call(MEMBER_TAG_API.evaluate, { params: { id: 999_999 } });
    expect(missing.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });

  it('re-evaluates a rule tag: holders follow the data', async () => {
    const { id } = ok(
      await admin.call(MEMBER_TAG_API.create!, {
        body: {
          name: '余额测试',
          kind: 'rule',
          color: 'gold',
          rule: { conditions: [{ kind: 'balance', amount: { min: 1_999_999_999 } }] },
        } as never,
      }),
    );
    expect((await t.db.select().from(memberTagMember).where(eq(memberTagMember.tagId, id))).length).toBe(0);
    ok(
      await admin.call(MEMBER_TAG_API.update!, {
        body: { id, rule: { conditions: [{ kind: 'balance', amount: { min: 0, max: 0 } }] } } as never,
      }),
    );
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from member where stored_valid = 0`),
    );
    const done = ok(await admin.call(MEMBER_TAG_API.evaluate, { params: { id } }));
    expect(done.memberCount).toBe(Number(n!.n));
    expect(done.added).toBe(0);
  });
});

describe('the nightly job', () => {
  it('puts every enabled rule tag’s holders back to what its rule selects', async () => {
    const [frequent] = await t.db.select().from(memberTag).where(eq(memberTag.name, '常客'));
    const before = frequent!.memberCount;
    expect(before).toBeGreaterThan(0);
    await t.db.delete(memberTagMember).where(eq(memberTagMember.tagId, frequent!.id));
    const said = await evaluateAllTags(t.db);
    expect(said).toMatch(/^计算规则标签 \d+ 个/);
    const [after] = await t.db.select().from(memberTag).where(eq(memberTag.id, frequent!.id));
    expect(after!.memberCount).toBe(before);
    expect((await t.db.select().from(memberTagMember).where(eq(memberTagMember.tagId, frequent!.id))).length).toBe(
      before,
    );
  });
});

describe('tags in crowds', () => {
  it('selects a tag’s holders of the caller’s scope as the crowd condition 会员标签', async () => {
    const [vip] = await t.db.select().from(memberTag).where(eq(memberTag.name, 'VIP关怀'));
    const holders = await t.db.select().from(memberTagMember).where(eq(memberTagMember.tagId, vip!.id));
    const rule = { groups: [[{ kind: 'tag' as const, tagIds: [vip!.id] }]] };
    const counted = ok(await admin.call(CROWD_API.count, { body: { rule } }));
    expect(counted.count).toBe(holders.length);
    expect(holders.length).toBeGreaterThan(0);
    const options = ok(await admin.call(CROWD_API.options));
    expect(options.tags.some((x) => x.id === vip!.id)).toBe(true);
    // A 停用 tag is no condition.
    const [off] = await t.db.select().from(memberTag).where(eq(memberTag.enabled, false)).limit(1);
    const refused = await admin.call(CROWD_API.count, {
      body: { rule: { groups: [[{ kind: 'tag' as const, tagIds: [off!.id] }]] } },
    });
    expect(refused.body.errcode).toBe(ERR.CROWD_CONDITION_INVALID);
    expect(options.tags.some((x) => x.id === off!.id)).toBe(false);
  });
});

describe('member files', () => {
  it('keeps one file per member of the caller’s scope, with the staff who served them', async () => {
    const [m] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select m.id from member m where not exists (select 1 from member_file f where f.member_id = m.id)
        and exists (select 1 from member_consume c join bill_share bs on bs.consume_id = c.id where c.member_id = m.id and c.status = 'completed')
        order by m.id limit 1`),
    );
    const memberId = Number(m!.id);
    const { id } = ok(
      await admin.call(MEMBER_FILE_API.create!, {
        body: { memberId, hairType: 'fine', scalpType: 'oily', concerns: '脱发' } as never,
      }),
    );
    const twice = await admin.call(MEMBER_FILE_API.create!, { body: { memberId, hairType: 'fine' } as never });
    expect(twice.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    const badEnum = await admin.call(MEMBER_FILE_API.update!, { body: { id, scalpType: 'greasy' } as never });
    expect(badEnum.body.errcode).toBe(ERR.PARAM_INVALID);
    const view = ok(await admin.call(MEMBER_FILE_API.ofMember, { query: { memberId } }));
    expect(view.fileId).toBe(id);
    expect(view.staff.length).toBeGreaterThan(0);
    const detail = ok(await admin.call(MEMBER_FILE_API.detail, { params: { id } }));
    expect(detail.servedBy).toContain(view.staff[0]!.staffName);

    const outOfScope = await east.call(MEMBER_FILE_API.create!, {
      body: { memberId: otherMember.id, hairType: 'fine' } as never,
    });
    expect(outOfScope.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(outOfScope.body.errmsg).toContain('不在您的数据范围内');
    const hidden = await east.call(MEMBER_FILE_API.ofMember, { query: { memberId: otherMember.id } });
    expect(hidden.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const badId = await east.call(MEMBER_FILE_API.ofMember, { query: { memberId: 'x' as never } });
    expect(badId.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('follow-ups through the open API', () => {
  const send = (body: Record<string, unknown>, key: OpenKey = DEMO_OPEN_KEYS.mini) =>
    openPost<OpenFollowUpAnswer>(t.app, key, OPEN_PATHS.followUps, body);
  const result = (outerNo: string, body: Record<string, unknown>, key: OpenKey = DEMO_OPEN_KEYS.mini) =>
    openPost<OpenFollowUpAnswer>(t.app, key, OPEN_PATHS.followUpResult.replace(':outerNo', outerNo), body);

  it('records a due follow-up once per sender’s number, then its one result', async () => {
    const outerNo = outer();
    const body = {
      outerNo,
      storeCode: 'BJ001',
      member: otherMember.phone,
      kind: 'care',
      dueDate: today(),
      content: '询问护理后感受',
    };
    const first = await send(body);
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    expect(first.data.state).toBe('due');
    expect(first.data.followNo).toMatch(/^GJ\d{10}$/);
    const replay = await send(body);
    expect(replay.data).toEqual({ ...first.data, replayed: true });
    const done = { doneAt: new Date().toISOString(), channel: 'phone', result: '会员满意' };
    expect((await result(outerNo, done)).data.state).toBe('done');
    expect((await result(outerNo, done)).data.replayed).toBe(true);
    const other = await result(outerNo, { ...done, result: '另一个结果' });
    expect(other.errcode).toBe(ERR.FOLLOW_INVALID);
    expect(other.errmsg).toContain('已完成');
    const unknown = await result('NO-SUCH', done);
    expect(unknown.errcode).toBe(ERR.FOLLOW_INVALID);
    // A number no document can have (a NUL, a space) in the path: refused, no 500.
    for (const odd of ['%00', 'a%20b', 'x'.repeat(41)]) {
      const r = await result(odd, done);
      expect(r.status, odd).toBeLessThan(500);
      expect(r.errcode, odd).toBe(ERR.OPEN_DOCUMENT_INVALID);
    }
    const rows = await t.db.select().from(followUp).where(eq(followUp.outerNo, outerNo));
    expect(rows.length).toBe(1);
  });

  it('refuses bad documents in Chinese: a POS for another store, an unknown member, a missing result', async () => {
    const pos = await send(
      { outerNo: outer(), storeCode: 'SH001', member: eastMember.phone, kind: 'care', dueDate: today() },
      DEMO_OPEN_KEYS.pos,
    );
    expect(pos.errcode).toBe(ERR.OPEN_STORE_NOT_BOUND);
    const nobodyThere = await send({
      outerNo: outer(),
      storeCode: 'BJ001',
      member: '13000000000',
      kind: 'care',
      dueDate: today(),
    });
    expect(nobodyThere.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(nobodyThere.errmsg).toBe('会员 13000000000 不存在');
    const noResult = await send({
      outerNo: outer(),
      storeCode: 'BJ001',
      member: otherMember.phone,
      kind: 'care',
      dueDate: today(),
      doneAt: new Date().toISOString(),
    });
    expect(noResult.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(noResult.errmsg).toContain('已完成的跟进须填写跟进结果');
    const badDay = await send({
      outerNo: outer(),
      storeCode: 'BJ001',
      member: otherMember.phone,
      kind: 'care',
      dueDate: '2026-02-30',
    });
    expect(badDay.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(badDay.errmsg).toContain('应跟进日期不是有效的日期');
    const badKind = await send({
      outerNo: outer(),
      storeCode: 'BJ001',
      member: otherMember.phone,
      kind: 'x',
      dueDate: today(),
    });
    expect(badKind.errmsg).toContain('跟进类型须为');
  });

  it('is read at SPEC’s paths in the caller’s scope', async () => {
    const outerNo = outer();
    const sent = await send({
      outerNo,
      storeCode: 'BJ001',
      member: otherMember.phone,
      kind: 'recall',
      dueDate: '2026-01-05',
    });
    const [row] = await t.db.select().from(followUp).where(eq(followUp.outerNo, outerNo));
    const got = ok(await admin.call(FOLLOW_API.getById, { query: { id: row!.id } }));
    expect(got.followNo).toBe(sent.data.followNo);
    expect(got.state).toBe('overdue');
    const list = ok(
      await admin.call(FOLLOW_API.list, {
        query: { pageNo: 1, pageSize: 50, memberId: otherMember.id, state: 'overdue' },
      }),
    );
    expect(list.list.some((r) => r.id === row!.id)).toBe(true);
    // 华东's role does not see BJ001's follow-up.
    const hidden = await east.call(FOLLOW_API.getById, { query: { id: row!.id } });
    expect(hidden.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    expect(hidden.body.errmsg).toBe('该跟进记录不存在或不在您的数据范围内');
    const eastList = ok(
      await east.call(FOLLOW_API.list, { query: { pageNo: 1, pageSize: 50, memberId: otherMember.id } }),
    );
    expect(eastList.total).toBe(0);
    const denied = await nobody.call(FOLLOW_API.list, { query: { pageNo: 1, pageSize: 10 } });
    expect(denied.body.errcode).toBe(ERR.FORBIDDEN);
    const bad = await admin.call(FOLLOW_API.getById, { query: { id: '1x' as never } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });
});

describe('store remarks', () => {
  const remark = (body: Record<string, unknown>, key: OpenKey = DEMO_OPEN_KEYS.pos) =>
    openPost<OpenMemberRemarkAnswer>(t.app, key, OPEN_PATHS.memberRemarks, body);

  it('keeps the latest remark of a store; a late older one changes nothing; read in scope', async () => {
    const now = Date.now();
    const newer = await remark({
      storeCode: 'BJ001',
      member: otherMember.phone,
      remark: '新备注',
      at: new Date(now).toISOString(),
    });
    expect(newer.errcode, newer.errmsg).toBe(ERR.OK);
    expect(newer.data.saved).toBe(true);
    const older = await remark({
      storeCode: 'BJ001',
      member: otherMember.phone,
      remark: '旧备注',
      at: new Date(now - 60_000).toISOString(),
    });
    expect(older.data.saved).toBe(false);
    const list = ok(await admin.call(FOLLOW_API.storeRemark, { query: { userId: otherMember.id, storeId: bj001 } }));
    expect(list.map((r) => r.remark)).toEqual(['新备注']);
    const eastSees = ok(await east.call(FOLLOW_API.storeRemark, { query: { userId: otherMember.id } }));
    expect(eastSees.some((r) => r.storeId === bj001)).toBe(false);
    const empty = await remark({
      storeCode: 'BJ001',
      member: otherMember.phone,
      remark: '',
      at: new Date().toISOString(),
    });
    expect(empty.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(empty.errmsg).toContain('请填写备注');
    const noMember = await admin.call(FOLLOW_API.storeRemark, { query: { userId: 999_999 } });
    expect(noMember.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});
