/** /operationLog and /apiLog: every write and every call can be found again, by who, what and when. */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@zb/contract/api/paging';
import { API_LOG, OPERATION_LOG, SYSTEM_LOG } from '@zb/contract/entities/logs';
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { STORE } from '@zb/contract/entities/store';
import { ERR } from '@zb/contract/errcodes';
import { COMMON_FIELDS, type LoggedNames, OPERATION_ENTITIES } from '@zb/contract/operationLog';
import { type ResourceApi, type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import { formatDate } from '@zb/contract/time';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredBindings } from '../../platform/resource/register';
import { operationLog } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { actionName, operationColumns, operationNames } from './names';

const srcRoot = join(import.meta.dirname, '../..');
const serverSources = (dir = srcRoot): { file: string; src: string }[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return serverSources(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts')
      ? [{ file: p.slice(srcRoot.length + 1), src: readFileSync(p, 'utf8') }]
      : [];
  });

/** The text of each recordOperation(…) / recordOperations(…) call: up to its closing parenthesis. */
const operationCalls = (src: string): string[] =>
  [...src.matchAll(/recordOperations?\(/g)].flatMap((m) => {
    let depth = 0;
    for (let i = m.index! + m[0].length - 1; i < src.length; i++) {
      if (src[i] === '(') depth++;
      if (src[i] === ')' && --depth === 0) return [src.slice(m.index!, i + 1)];
    }
    return [];
  });

let t: TestApp;
let admin: TestClient;
const ops = resourceApi(OPERATION_LOG);
const calls = resourceApi(API_LOG);

const list = async (e: ResourceApi['list'], query: Record<string, string | number>) => {
  const res = await admin.call(e, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data as Page<ResourceRow>;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

describe('/operationLog', () => {
  it('finds a write by its action and operator, with before and after', async () => {
    const created = await admin.call(resourceApi(MASTER_ITEM).create!, {
      body: { category: 'label', code: 'LOG_1', name: '日志标签' },
    });
    const id = (created.body.data as { id: number }).id;
    // action and target as the page shows them: in Chinese, and found by their Chinese
    const page = await list(ops.list, { action: '新增', target: `基础属性 ${id}` });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ userName: '系统管理员', loginName: 'admin', before: null, action: '新增' });
    expect(page.list[0]!.after).toMatchObject({ 编码: 'LOG_1', 名称: '日志标签', 类别: '标签' });
    const today = formatDate(new Date());
    expect((await list(ops.list, { atFrom: today, atTo: today, target: `基础属性 ${id}` })).total).toBe(1);
    expect((await list(ops.list, { atTo: '2020-01-01', target: `基础属性 ${id}` })).total).toBe(0);
  });

  /** Keys and values the code uses where a Chinese name exists (nothing of these may reach the page). */
  const internal =
    /realCard|claim|marketing_real_card|memberPhone|memberCardNo|member\.create|"(status|code|name|phone|storeId)"/;

  it('names a real-card claim (the demo’s, made by claimRealCard) 领取 on 实体卡, its fields and states in Chinese', async () => {
    const page = await list(ops.list, { action: '领取', pageSize: 10 });
    expect(page.total).toBeGreaterThan(0);
    const row = page.list[0]!;
    expect(row.target).toMatch(/^实体卡 \d+$/);
    expect(row.before).toEqual({ 状态: '未领取' });
    expect(row.after).toMatchObject({ 状态: '已领取', 会员手机号: expect.stringMatching(/^1\d{10}$/) });
    expect(Object.keys(row.after as object).sort()).toEqual(['会员', '会员卡号', '会员手机号', '状态'].sort());
    expect(JSON.stringify(row)).not.toMatch(internal);
  });

  it('names a member registration (createMembers) 新增 on 会员 with the member declaration’s labels', async () => {
    const page = await list(ops.list, { action: '新增', target: '会员', pageSize: 50 });
    const row = page.list.find((r) => /^会员 \d+$/.test(String(r.target)));
    expect(row, 'a member.create row of the demo data').toBeTruthy();
    expect(Object.keys(row!.after as object).sort()).toEqual(['会员编号', '姓名', '手机号', '所属门店'].sort());
    expect(JSON.stringify(row)).not.toMatch(internal);
  });
});

/** Keys of a shown before/after, at every depth, that are not in Chinese (ID is). */
const untranslated = (value: unknown, path: string): string[] => {
  if (Array.isArray(value)) return [...new Set(value.flatMap((x) => untranslated(x, `${path}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, x]) => [
    ...(/[\u4e00-\u9fff]/.test(k) || k === 'ID' ? [] : [`${path}.${k}`]),
    ...untranslated(x, `${path}.${k}`),
  ]);
};

/** Every operation-log row as /operationLog shows it (the Chinese SQL columns), newest first. */
const shownRows = () =>
  t.db
    .select({ id: operationLog.id, code: operationLog.action, ...operationColumns })
    .from(operationLog)
    .orderBy(desc(operationLog.id));

describe('/operationLog: keys nested in before and after', () => {
  it('names a member bill’s lines (the demo’s member.consume rows) in Chinese, line by line', async () => {
    const page = await list(ops.list, { action: '消费', target: '消费单', pageSize: 50 });
    expect(page.total).toBeGreaterThan(0);
    // The newest bills may only sell a card or top one up: no consumption line to name.
    const withLines = page.list.find((r) => ((r.after as Record<string, unknown>).消费明细 as unknown[]).length > 0);
    const after = withLines!.after as Record<string, unknown>;
    expect(Object.keys(after).sort()).toEqual(
      ['单号', '会员', '门店', '金额（分）', '卡内支付（分）', '消费明细'].sort(),
    );
    const lines = after.消费明细 as Record<string, unknown>[];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(
        ['项目或商品', '数量', '金额（分）', '会员卡号', '扣次数', '卡内支付（分）'].sort(),
      );
    }
    expect(untranslated(after, 'after')).toEqual([]);
  });

  it('names an order’s lines, its receipt and its payment (values too), and an export’s filters by the exported resource', async () => {
    const [order] = await t.db
      .insert(operationLog)
      .values({
        userId: null,
        action: 'storeOrder.pay',
        target: 'store_order:999001',
        before: { status: 'shipped', lines: [{ itemId: 1, quantity: 2, unitPrice: 4200, amount: 8400 }] },
        after: {
          status: 'received',
          received: [{ lineId: 7, receivedQty: 2 }],
          payment: { id: 3, amount: 8400, method: 'wechat', paidAt: '2026-11-01T00:00:00.000Z' },
        },
      })
      .returning({ id: operationLog.id });
    const exported = await admin.call(resourceApi(STORE).export!, { query: { name: '上海', sortBy: 'code' } });
    expect(exported.body.errcode, exported.body.errmsg).toBe(ERR.OK);
    const rows = await shownRows();
    const o = rows.find((r) => r.id === order!.id)!;
    expect(o.before).toEqual({
      状态: '已发货',
      订货明细: [{ 商品: 1, 数量: 2, '单价（分）': 4200, '金额（分）': 8400 }],
    });
    expect(o.after).toMatchObject({
      收货明细: [{ 订货明细: 7, 实收数量: 2 }],
      付款: { ID: 3, '金额（分）': 8400, 付款方式: '微信支付', 付款时间: '2026-11-01T00:00:00.000Z' },
    });
    const e = rows.find((r) => r.code === 'export')!;
    expect(e.after).toMatchObject({ 数据来源: 'store', 筛选条件: { 门店名称: '上海', 排序字段: 'code' } });
    await t.db.delete(operationLog).where(eq(operationLog.id, order!.id));
  });

  it('shows every key of every row the app has written, at every depth, in Chinese', async () => {
    const rows = await shownRows();
    // The demo's history (bills, cards, top-ups, members, claims, approvals) and this file's writes.
    expect(new Set(rows.map((r) => r.code)).size).toBeGreaterThan(8);
    const unnamed = new Set(
      rows.flatMap((r) => [
        ...untranslated(r.before, `${r.action} before`),
        ...untranslated(r.after, `${r.action} after`),
      ]),
    );
    expect([...unnamed]).toEqual([]);
  });
});

/** Every key the names of an entity give, at any depth (its own, its nested objects', the common ones). */
const keysNamed = (entity: string): Set<string> => {
  const names = operationNames();
  const out = new Set([...(names.fields.get(entity)?.keys() ?? []), ...Object.keys(COMMON_FIELDS)]);
  const walk = (n: LoggedNames | undefined) => {
    for (const k of Object.keys(n?.fields ?? {})) out.add(k);
    for (const x of Object.values(n?.nested ?? {})) walk(x);
  };
  walk(OPERATION_ENTITIES[entity]);
  return out;
};

describe('operation-log names (generated from the declarations and the code)', () => {
  // every module has registered its resources by now (the app is built in beforeAll)
  const names = () => operationNames();

  it('name every registered resource, and each write and batch action the engine logs for it', () => {
    expect(registeredBindings().length).toBeGreaterThan(20);
    for (const b of registeredBindings()) {
      expect(names().entities.get(b.decl.name), b.decl.name).toBe(b.decl.title);
      for (const verb of ['create', 'update', 'delete', ...(b.decl.batch ?? []).map((x) => x.key)]) {
        expect(actionName(names(), `${b.decl.name}.${verb}`), `${b.decl.name}.${verb}`).toBeTruthy();
      }
    }
  });

  it('name every action and entity a service logs (read from each recordOperation call in the source)', () => {
    const sites = serverSources().flatMap(({ file, src }) => operationCalls(src).map((call) => ({ file, call })));
    expect(sites.length).toBeGreaterThan(40);
    const unnamed: string[] = [];
    const vocabulary = names();
    for (const { file, call } of sites) {
      for (const m of call.matchAll(/\baction: ([^\n]*)/g)) {
        // 'x', c ? 'x' : 'y', or `prefix.${c ? 'x' : 'y'}`; other expressions are typed OperationAction
        const expr = m[1]!;
        const whole = /^'([^']+)'/.exec(expr)?.[1];
        const branches = [...expr.matchAll(/\? '([^']+)' : '([^']+)'/g)].flatMap((b) => [b[1]!, b[2]!]);
        const prefix = /^`(\w+)\.\$\{/.exec(expr)?.[1];
        const actions = [...(whole ? [whole] : []), ...branches.map((b) => (prefix ? `${prefix}.${b}` : b))];
        for (const a of actions) if (!actionName(vocabulary, a)) unnamed.push(`${file}: action ${a}`);
      }
      for (const m of call.matchAll(/\btarget: [`']([A-Za-z_]+)[:`']/g)) {
        if (!vocabulary.entities.has(m[1]!)) unnamed.push(`${file}: entity ${m[1]}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('name every key a service writes into a before or after, at any depth (read from each recordOperation call)', () => {
    const sites = serverSources().flatMap(({ file, src }) => operationCalls(src).map((call) => ({ file, call })));
    const unnamed: string[] = [];
    const own = new Set(['userId', 'action', 'target', 'before', 'after']);
    for (const { file, call } of sites) {
      const entity = /\btarget: [`']([A-Za-z_]+)[:`']/.exec(call)?.[1];
      const start = call.search(/\b(before|after):/);
      if (!entity || start < 0) continue;
      const named = keysNamed(entity);
      // Object keys written in the call's before/after: `key:` or a shorthand `{ key }` / `, key }`.
      for (const m of call.slice(start).matchAll(/[{,]\s*([A-Za-z_]\w*)(?=\s*(?::(?!:)|[,}]))/g)) {
        const key = m[1]!;
        if (!own.has(key) && !named.has(key)) unnamed.push(`${file}: ${entity}.${key}`);
      }
    }
    expect(sites.length).toBeGreaterThan(40);
    expect([...new Set(unnamed)]).toEqual([]);
  });
});

describe('/apiLog', () => {
  it('finds calls by path and errcode, newest first, with latency', async () => {
    await admin.call(ops.list, { query: { pageSize: 7 } });
    await t.app.apiLog.flush();
    const failed = await list(calls.list, { path: '/rest/operationLog/list', errcode: ERR.PARAM_INVALID });
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.list[0]).toMatchObject({ method: 'GET', status: 200, userName: '系统管理员' });
    expect(typeof failed.list[0]!.ms).toBe('number');
    const all = await list(calls.list, { pageSize: 20 });
    const times = all.list.map((r) => String(r.at));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is refused to a role without the page', async () => {
    const zhang = await t.signIn('13800000001', 'hq123456');
    const res = await zhang.call(calls.list, { query: {} });
    expect([ERR.FORBIDDEN, ERR.ROLE_REQUIRED]).toContain(res.body.errcode);
  });
});

describe('/systemLog', () => {
  it('lists sign-ins by kind and account, and refuses a kind it does not know', async () => {
    const events = resourceApi(SYSTEM_LOG);
    const page = await list(events.list, { kind: 'login,logout', loginName: 'admin' });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.kind === 'login' || r.kind === 'logout')).toBe(true);
    expect(page.list[0]).toMatchObject({ loginName: 'admin', level: 'info' });
    const bad = await admin.call(events.list, { query: { kind: 'reboot' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(bad.body.errmsg).toBe('类型无效');
  });
});
