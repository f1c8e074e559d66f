/**
 * 评价: a member's evaluation arrives through the open API on a real bill, checked against the bill
 * and the settings (Chinese refusals, no 500), graded; a 差评 raises a 差评通知 for the settings'
 * users and is handled (分派, 回复, 关闭) with its history; replies to any evaluation; the settings
 * and dimensions' rules; permissions and data scope of every call.
 */
import { EVALUATION_EXTRA_API } from '@zb/contract/api/evaluations';
import { NOTICE_API } from '@zb/contract/api/notices';
import { NOTICE_TYPE_BAD_REVIEW } from '@zb/contract/constants';
import {
  BAD_REVIEW_API,
  EVA_DIMENSION_API,
  EVA_SETTING_DEFAULTS,
  EVALUATION_API,
  type OpenEvaluationAnswer,
} from '@zb/contract/entities/evaluation';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { routeByPath } from '@zb/contract/routes';
import { and, asc, count, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { billShare } from '../bills/schema';
import { memberConsume } from '../members/schema';
import { notice } from '../notices/schema';
import { resource } from '../resources/schema';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';
import { evaluation } from './schema';

let t: TestApp;
let admin: TestClient;
let adminId: number;
/** Every evaluation page and button, in 华东大区. */
let regionUser: TestClient;
/** The evaluation pages, no button, at 总部. */
let viewer: TestClient;
let nobody: TestClient;
let eastStores: Set<number>;

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const userWith = async (login: string, contentName: string, codes: string[]) => {
  const userId = await createUser(t.db, { loginName: login, password: 'eval12345' });
  const { contentRoleId } = await createRole(t.db, { code: login.toUpperCase(), name: login, contentName, codes });
  return t.signIn(login, 'eval12345', await grantRole(t.db, userId, contentRoleId));
};

const ALL_SCORES = (s: number[]) =>
  ['service', 'skill', 'environment', 'effect'].map((dimension, i) => ({ dimension, score: s[i]! }));

let seq = 0;
const send = (body: Record<string, unknown>, key: { appKey: string; secret: string } = DEMO_OPEN_KEYS.mini) =>
  openPost<OpenEvaluationAnswer & { fields: Record<string, string> }>(t.app, key, OPEN_PATHS.evaluations, {
    outerNo: `T-EVA-${++seq}`,
    ...body,
  });

/** Completed bills not yet evaluated, with a staff who served them, newest first. */
const freshBills = async (where?: ReturnType<typeof and>) =>
  t.db
    .select({
      id: memberConsume.id,
      billNo: memberConsume.billNo,
      storeId: memberConsume.storeId,
      consumedAt: memberConsume.consumedAt,
      staffPhone: sql<string>`(select s.phone from ${billShare} b join ${staff} s on s.id = b.staff_id where b.consume_id = "member_consume"."id" order by s.id limit 1)`,
    })
    .from(memberConsume)
    .where(
      and(
        eq(memberConsume.status, 'completed'),
        sql`exists (select 1 from ${billShare} where ${billShare.consumeId} = ${memberConsume.id})`,
        sql`not exists (select 1 from ${evaluation} where ${evaluation.consumeId} = ${memberConsume.id})`,
        where,
      ),
    )
    .orderBy(sql`${memberConsume.consumedAt} desc`)
    .limit(40);

const atAfter = (d: Date, hours = 1) =>
  new Date(Math.min(d.getTime() + hours * 3600_000, Date.now() - 1000)).toISOString();

const badNotices = async (userId: number) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(notice)
        .where(and(eq(notice.userId, userId), eq(notice.type, NOTICE_TYPE_BAD_REVIEW)))
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  adminId = (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin')))[0]!
    .id;
  const pages = ['/evaluationList', '/evaManagement', '/evaluateSetting', '/satisfactionRateList'];
  const codes = await t.db.select({ code: resource.code }).from(resource);
  const mine = codes
    .map((r) => r.code)
    .filter((c) => c === 'ZBHT-HYGL' || pages.some((p) => c.startsWith(routeByPath(p)!.code!)));
  regionUser = await userWith('eva-region', '华东大区', mine);
  viewer = await userWith(
    'eva-viewer',
    '总部',
    mine.filter((c) => c.split(':').length < 3),
  );
  nobody = await userWith('eva-nobody', '总部', []);
  const [east] = await t.db.select({ id: region.id }).from(region).where(eq(region.name, '华东大区'));
  eastStores = new Set(
    (await t.db.select({ id: store.id }).from(store).where(eq(store.regionId, east!.id))).map((s) => s.id),
  );
});
afterAll(() => t?.close());

describe('an evaluation through the open API', () => {
  it('grades a good one, answers a retry with the first, and refuses a second evaluation of the bill', async () => {
    const [bill] = await freshBills();
    const first = await send({
      billNo: bill!.billNo,
      scores: ALL_SCORES([5, 5, 4, 5]),
      comment: '很好',
      at: atAfter(bill!.consumedAt),
    });
    expect(first.errcode, first.errmsg).toBe(ERR.OK);
    expect(first.data).toMatchObject({ billNo: bill!.billNo, level: 'good', scoreRate: 9500, replayed: false });
    const outerNo = `T-EVA-${seq}`;
    const again = await openPost<OpenEvaluationAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.evaluations, {
      outerNo,
      billNo: bill!.billNo,
      scores: ALL_SCORES([1, 1, 1, 1]),
      at: atAfter(bill!.consumedAt),
    });
    expect(again.data).toMatchObject({ evaNo: first.data.evaNo, level: 'good', replayed: true });
    const second = await send({
      billNo: bill!.billNo,
      scores: ALL_SCORES([3, 3, 3, 3]),
      at: atAfter(bill!.consumedAt),
    });
    expect(second.errcode).toBe(ERR.EVAL_DUPLICATE);
    expect(second.errmsg).toContain('已评价');
    const [row] = await t.db.select().from(evaluation).where(eq(evaluation.evaNo, first.data.evaNo));
    expect(row).toMatchObject({
      level: 'good',
      status: 'none',
      scoreSum: 19,
      scoreCount: 4,
      scaleMax: 5,
      comment: '很好',
    });
  });

  it('refuses what the bill and the settings do not allow, in Chinese, writing nothing', async () => {
    const bills = await freshBills();
    const b = bills[0]!;
    const at = atAfter(b.consumedAt);
    const before = Number((await t.db.select({ n: count() }).from(evaluation))[0]!.n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ billNo: 'XF9999999999', scores: ALL_SCORES([5, 5, 5, 5]), at }, ERR.EVAL_INVALID, '不存在'],
      [
        { billNo: b.billNo, scores: ALL_SCORES([5, 5, 5, 5]).slice(0, 3), at },
        ERR.EVAL_INVALID,
        '请为「护理效果」评分',
      ],
      [{ billNo: b.billNo, scores: ALL_SCORES([5, 5, 5, 6]), at }, ERR.EVAL_INVALID, '须在 1 到 5 之间'],
      [{ billNo: b.billNo, scores: ALL_SCORES([5, 5, 5, 0]), at }, ERR.EVAL_INVALID, '须在 1 到 5 之间'],
      [
        { billNo: b.billNo, scores: [...ALL_SCORES([5, 5, 5, 5]), { dimension: 'price', score: 3 }], at },
        ERR.EVAL_INVALID,
        '评价维度 price 不存在或已停用',
      ],
      [
        { billNo: b.billNo, scores: [...ALL_SCORES([5, 5, 5, 5]), { dimension: 'skill', score: 3 }], at },
        ERR.EVAL_INVALID,
        '重复评分',
      ],
      [
        { billNo: b.billNo, scores: ALL_SCORES([5, 5, 5, 5]), at, staffPhone: '19999999999' },
        ERR.EVAL_INVALID,
        '未服务该收银单',
      ],
      [
        {
          billNo: b.billNo,
          scores: ALL_SCORES([5, 5, 5, 5]),
          at: new Date(b.consumedAt.getTime() - 60_000).toISOString(),
        },
        ERR.EVAL_INVALID,
        '不能早于收银单时间',
      ],
      [{ billNo: 'XF12', scores: ALL_SCORES([5, 5, 5, 5]), at }, ERR.OPEN_DOCUMENT_INVALID, ''],
      [{ billNo: b.billNo, scores: 'five', at }, ERR.OPEN_DOCUMENT_INVALID, ''],
      [
        { billNo: b.billNo, scores: ALL_SCORES([5, 5, 5, 5]), at, images: ['javascript:alert(1)'] },
        ERR.OPEN_DOCUMENT_INVALID,
        '',
      ],
    ];
    for (const [body, errcode, msg] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.errcode, `${JSON.stringify(body)}: ${res.errmsg}`).toBe(errcode);
      expect(res.errmsg).toMatch(/[\u4e00-\u9fa5]/);
      if (msg) expect(res.errmsg).toContain(msg);
    }
    // A bill older than the settings' days.
    const [old] = await freshBills(lt(memberConsume.consumedAt, new Date(Date.now() - 10 * 86_400_000)));
    const late = await send({ billNo: old!.billNo, scores: ALL_SCORES([5, 5, 5, 5]), at: new Date().toISOString() });
    expect(late.errcode).toBe(ERR.EVAL_INVALID);
    expect(late.errmsg).toContain('7 天的评价期限');
    // A closed bill.
    const [closed] = await t.db
      .select({ billNo: memberConsume.billNo, consumedAt: memberConsume.consumedAt })
      .from(memberConsume)
      .where(eq(memberConsume.status, 'closed'))
      .limit(1);
    if (closed) {
      const res = await send({
        billNo: closed.billNo,
        scores: ALL_SCORES([5, 5, 5, 5]),
        at: atAfter(closed.consumedAt),
      });
      expect(res.errcode).toBe(ERR.EVAL_INVALID);
      expect(res.errmsg).toContain('已关单');
    }
    expect(Number((await t.db.select({ n: count() }).from(evaluation))[0]!.n)).toBe(before);
  });

  it('lets a POS key send only for its own store', async () => {
    const [bj] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
    const [other] = await freshBills(ne(memberConsume.storeId, bj!.id));
    const res = await send(
      { billNo: other!.billNo, scores: ALL_SCORES([5, 5, 5, 5]), at: atAfter(other!.consumedAt) },
      DEMO_OPEN_KEYS.pos,
    );
    expect(res.errcode).toBe(ERR.OPEN_STORE_NOT_BOUND);
  });

  it('raises a 差评通知 for the settings’ users on a bad review, and starts its handling', async () => {
    const [bill] = await freshBills();
    const before = await badNotices(adminId);
    const res = await send({
      billNo: bill!.billNo,
      staffPhone: bill!.staffPhone,
      scores: ALL_SCORES([4, 1, 4, 4]),
      comment: '太疼了',
      at: atAfter(bill!.consumedAt),
    });
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    expect(res.data.level).toBe('bad');
    expect(await badNotices(adminId)).toBe(before + 1);
    const [n] = await t.db
      .select()
      .from(notice)
      .where(and(eq(notice.userId, adminId), eq(notice.type, NOTICE_TYPE_BAD_REVIEW)))
      .orderBy(sql`${notice.id} desc`)
      .limit(1);
    expect(n!.msgName).toContain(res.data.evaNo);
    expect(n!.storeId).toBe(bill!.storeId);
    const [row] = await t.db.select().from(evaluation).where(eq(evaluation.evaNo, res.data.evaNo));
    expect(row!.status).toBe('pending');
    const view = ok(await admin.call(EVALUATION_EXTRA_API.view, { params: { id: row!.id } }));
    expect(view.scores.map((s) => [s.code, s.score])).toEqual([
      ['service', 4],
      ['skill', 1],
      ['environment', 4],
      ['effect', 4],
    ]);
    expect(view.history.map((h) => h.step)).toEqual(['create']);
    expect(view.staffName).not.toBeNull();
    // The bell's own count reads it.
    const unread = await admin.call(NOTICE_API.countTaskBoss, { query: { isRead: 'false' } });
    expect(unread.body.data).toBeGreaterThan(0);
  });
});

describe('handling a 差评', () => {
  it('分派, 回复, 关闭 in order, each in the history; refuses a step its state does not allow', async () => {
    const [bad] = await t.db
      .select({ id: evaluation.id })
      .from(evaluation)
      .where(and(eq(evaluation.level, 'bad'), eq(evaluation.status, 'pending')))
      .orderBy(asc(evaluation.id))
      .limit(1);
    const id = bad!.id;
    const early = await admin.call(EVALUATION_EXTRA_API.close, { body: { id, reason: '完成' } });
    expect(early.body.errcode).toBe(ERR.STATE_CHANGED);
    expect(early.body.errmsg).toContain('待处理');

    const [handler] = await t.db
      .select({ id: userAccount.id })
      .from(userAccount)
      .where(eq(userAccount.loginName, 'eva-viewer'));
    const before = await badNotices(handler!.id);
    expect(
      ok(await admin.call(EVALUATION_EXTRA_API.assign, { body: { id, handlerId: handler!.id, note: '尽快' } })),
    ).toEqual({
      status: 'assigned',
    });
    expect(await badNotices(handler!.id)).toBe(before + 1);
    const disabled = await createUser(t.db, { loginName: 'eva-off', password: 'x12345678', enabled: false });
    const refused = await admin.call(EVALUATION_EXTRA_API.assign, { body: { id, handlerId: disabled } });
    expect(refused.body.errcode).toBe(ERR.PARAM_INVALID);

    const empty = await admin.call(EVALUATION_EXTRA_API.reply, { body: { id, reply: '  ' } });
    expect(empty.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(empty.body.errmsg).toContain('请填写回复内容');
    expect(ok(await admin.call(EVALUATION_EXTRA_API.reply, { body: { id, reply: '抱歉，已安排补做' } })).status).toBe(
      'replied',
    );
    expect(ok(await admin.call(EVALUATION_EXTRA_API.close, { body: { id, reason: '会员满意' } })).status).toBe(
      'closed',
    );
    const again = await admin.call(EVALUATION_EXTRA_API.reply, { body: { id, reply: '再回复' } });
    expect(again.body.errcode).toBe(ERR.STATE_CHANGED);

    const view = ok(await admin.call(EVALUATION_EXTRA_API.view, { params: { id } }));
    expect(view.status).toBe('closed');
    expect(view.reply).toBe('抱歉，已安排补做');
    expect(view.handlerId).toBe(handler!.id);
    expect(view.history.map((h) => h.label)).toEqual(['创建', '分派', '回复', '关闭']);
    expect(view.history[3]!.reason).toBe('会员满意');
  });

  it('replies to a good review without a flow; 分派 and 关闭 are for 差评 only', async () => {
    const [good] = await t.db
      .select({ id: evaluation.id })
      .from(evaluation)
      .where(and(eq(evaluation.level, 'good'), isNull(evaluation.reply)))
      .limit(1);
    const id = good!.id;
    expect(ok(await admin.call(EVALUATION_EXTRA_API.reply, { body: { id, reply: '谢谢您' } })).status).toBe('none');
    expect(ok(await admin.call(EVALUATION_EXTRA_API.view, { params: { id } })).reply).toBe('谢谢您');
    const assign = await admin.call(EVALUATION_EXTRA_API.assign, { body: { id, handlerId: adminId } });
    expect(assign.body.errcode).toBe(ERR.STATE_CHANGED);
    const close = await admin.call(EVALUATION_EXTRA_API.close, { body: { id, reason: 'x' } });
    expect(close.body.errcode).toBe(ERR.STATE_CHANGED);
  });

  it('answers bad ids and bodies with Chinese field errors, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ id: '1', reply: 'x' }, '评价编号无效'],
      [{ id: 0, reply: 'x' }, '评价编号无效'],
      [{ id: 1, reply: 'x'.repeat(201) }, '回复内容最多 200 字'],
    ];
    for (const [body, msg] of cases) {
      const res = await admin.call(EVALUATION_EXTRA_API.reply, { body: body as never });
      expect(res.status).toBe(200);
      expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
      expect(JSON.stringify(res.body)).toContain(msg);
    }
    const missing = await admin.call(EVALUATION_EXTRA_API.view, { params: { id: 2_000_000_000 } });
    expect(missing.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('permissions and data scope', () => {
  it('refuses a user without the pages, and a viewer without the 编辑 button', async () => {
    const [any] = await t.db.select({ id: evaluation.id }).from(evaluation).limit(1);
    for (const [c, e] of [
      [nobody, EVALUATION_EXTRA_API.view],
      [nobody, EVALUATION_API.list],
      [nobody, EVALUATION_EXTRA_API.getSetting],
    ] as const) {
      const res = await c.call(e as never, { params: { id: any!.id } } as never);
      expect(res.status).toBe(403);
    }
    expect((await viewer.call(EVALUATION_EXTRA_API.view, { params: { id: any!.id } })).body.errcode).toBe(ERR.OK);
    const res = await viewer.call(EVALUATION_EXTRA_API.reply, { body: { id: any!.id, reply: '越权' } });
    expect(res.status).toBe(403);
    const save = await viewer.call(EVALUATION_EXTRA_API.saveSetting, { body: EVA_SETTING_DEFAULTS });
    expect(save.status).toBe(403);
  });

  it('shows a region user the evaluations of their stores only, and refuses the others', async () => {
    const list = ok(await regionUser.call(EVALUATION_API.list, { query: { pageSize: 100 } }));
    expect(list.total).toBeGreaterThan(0);
    const ids = list.list.map((r) => r.id);
    const rows = await t.db.select({ storeId: evaluation.storeId }).from(evaluation).where(inArray(evaluation.id, ids));
    expect(rows.every((r) => eastStores.has(r.storeId))).toBe(true);
    const bad = ok(await regionUser.call(BAD_REVIEW_API.list, { query: { pageSize: 100 } }));
    const badRows = await t.db
      .select({ storeId: evaluation.storeId, level: evaluation.level })
      .from(evaluation)
      .where(inArray(evaluation.id, bad.list.map((r) => r.id).concat(0)));
    expect(badRows.every((r) => eastStores.has(r.storeId) && r.level === 'bad')).toBe(true);

    const foreign = (await t.db.select({ id: evaluation.id, storeId: evaluation.storeId }).from(evaluation)).find(
      (r) => !eastStores.has(r.storeId),
    );
    expect(foreign).toBeDefined();
    const view = await regionUser.call(EVALUATION_EXTRA_API.view, { params: { id: foreign!.id } });
    expect(view.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    const reply = await regionUser.call(EVALUATION_EXTRA_API.reply, { body: { id: foreign!.id, reply: '越界' } });
    expect(reply.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('the settings and dimensions', () => {
  it('saves the settings whole, refusing inconsistent lines and unknown users; new evaluations follow them', async () => {
    const current = ok(await admin.call(EVALUATION_EXTRA_API.getSetting));
    expect(current.notifyUsers.map((u) => u.id)).toContain(adminId);
    const bad = await admin.call(EVALUATION_EXTRA_API.saveSetting, {
      body: { ...EVA_SETTING_DEFAULTS, goodMin: 3, badMax: 3 },
    });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(JSON.stringify(bad.body)).toContain('差评分数线须低于好评分数线');
    const over = await admin.call(EVALUATION_EXTRA_API.saveSetting, {
      body: { ...EVA_SETTING_DEFAULTS, scaleMax: 11 },
    });
    expect(JSON.stringify(over.body)).toContain('分制不能大于 10');
    const ghost = await admin.call(EVALUATION_EXTRA_API.saveSetting, {
      body: { ...EVA_SETTING_DEFAULTS, notifyUserIds: [2_000_000_000] },
    });
    expect(ghost.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(JSON.stringify(ghost.body)).toContain('通知人员须为启用的账号');

    const saved = ok(
      await admin.call(EVALUATION_EXTRA_API.saveSetting, {
        body: { ...EVA_SETTING_DEFAULTS, scaleMax: 10, goodMin: 8, badMax: 4, notifyUserIds: [adminId] },
      }),
    );
    expect(saved).toMatchObject({ scaleMax: 10, goodMin: 8, badMax: 4, updatedByName: '系统管理员' });
    const [bill] = await freshBills();
    const res = await send({ billNo: bill!.billNo, scores: ALL_SCORES([7, 7, 7, 7]), at: atAfter(bill!.consumedAt) });
    expect(res.data).toMatchObject({ level: 'neutral', scoreRate: 7000 });
    ok(
      await admin.call(EVALUATION_EXTRA_API.saveSetting, {
        body: { ...EVA_SETTING_DEFAULTS, notifyUserIds: [adminId] },
      }),
    );
  });

  it('keeps a dimension already scored: no delete, 停用 instead; a disabled one is no longer asked', async () => {
    const dims = ok(await admin.call(EVA_DIMENSION_API.list, { query: {} }));
    const env = dims.list.find((d) => d.code === 'environment')!;
    const del = await admin.call(EVA_DIMENSION_API.delete!, { body: { ids: [env.id] } });
    expect(del.body.errcode).toBe(ERR.RECORD_IN_USE);
    expect(del.body.errmsg).toContain('请停用');
    ok(await admin.call(EVA_DIMENSION_API.update!, { body: { id: env.id, enabled: false } }));
    const [bill] = await freshBills();
    const three = ['service', 'skill', 'effect'].map((dimension) => ({ dimension, score: 5 }));
    const res = await send({ billNo: bill!.billNo, scores: three, at: atAfter(bill!.consumedAt) });
    expect(res.errcode, res.errmsg).toBe(ERR.OK);
    const dup = await admin.call(EVA_DIMENSION_API.create!, { body: { code: 'service', name: '重复' } });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    const fresh = ok(await admin.call(EVA_DIMENSION_API.create!, { body: { code: 'price', name: '价格' } }));
    ok(await admin.call(EVA_DIMENSION_API.delete!, { body: { ids: [fresh.id] } }));
  });
});
