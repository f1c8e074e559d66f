/**
 * The open API's plugin (contract open/protocol.ts): the signature over the raw body, the clock,
 * nonces (once, under concurrency too), revoked and unknown keys, a terminal's binding, malformed
 * requests of every kind (never a 500), and that no console session is needed.
 */
import { OPEN_KEY_API } from '@zb/contract/api/openKeys';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_BODY_MAX, OPEN_PATHS, OPEN_PREFIX } from '@zb/contract/open/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost, signedHeaders } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { product } from '../goods/schema';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { store } from '../stores/schema';
import { posTerminal } from '../storesMore/schema';
import { issueKey, revokeKey } from './credentials';
import { openClient, openNonce } from './schema';

let t: TestApp;
let retailPrice = 0;
let seq = 0;
const POS = DEMO_OPEN_KEYS.pos;
const MINI = DEMO_OPEN_KEYS.mini;
const MEMBER = '13900012345';

/** A retail bill of one P001 paid in cash, with a fresh number. */
const retail = (over: Record<string, unknown> = {}) => ({
  outerNo: `T${Date.now()}-${++seq}`,
  storeCode: 'BJ001',
  member: MEMBER,
  at: '2026-11-20T10:30:00+08:00',
  lines: [{ kind: 'product', code: 'P001', quantity: 1 }],
  payments: [{ method: 'cash', amount: retailPrice }],
  ...over,
});

const bills = (path = OPEN_PATHS.bills) => path;

beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.db.select({ price: product.retailPrice }).from(product).where(eq(product.code, 'P001'));
  retailPrice = p!.price;
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  await t.db.transaction((tx) =>
    createMember(tx, { name: '接口会员', phone: MEMBER, storeId: s!.id, userId: null, joinedAt: new Date() }),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('signature', () => {
  it('accepts a correctly signed bill without any console session, and records the key as used', async () => {
    const res = await openPost(t.app, POS, bills(), retail());
    expect(res).toMatchObject({ status: 200, errcode: ERR.OK });
    expect(res.data.billNo).toMatch(/^XF\d{10}$/);
    expect(res.data.total).toBe(retailPrice);
    const [c] = await t.db
      .select({ lastUsedAt: openClient.lastUsedAt })
      .from(openClient)
      .where(eq(openClient.appKey, POS.appKey));
    expect(c!.lastUsedAt).not.toBeNull();
  });

  it('hashes the raw bytes sent: any spacing or key order signs and parses', async () => {
    const doc = retail();
    const raw = `{\n  "payments": ${JSON.stringify(doc.payments)},   "outerNo": "${doc.outerNo}", "storeCode":"BJ001","member":"${MEMBER}","at":"${doc.at}",\n"lines":${JSON.stringify(doc.lines)} }`;
    const res = await openPost(t.app, POS, bills(), raw);
    expect(res.errcode).toBe(ERR.OK);
    expect(res.data.outerNo).toBe(doc.outerNo);
  });

  it('refuses a wrong secret, a body changed after signing, a path other than the one signed', async () => {
    const wrong = await openPost(t.app, POS, bills(), retail(), { signWith: 'not-the-secret' });
    expect(wrong).toMatchObject({ status: 200, errcode: ERR.OPEN_SIGNATURE_INVALID, errmsg: '签名校验失败' });

    const doc = retail();
    const url = `${OPEN_PREFIX}${OPEN_PATHS.bills}`;
    const headers = signedHeaders(POS, 'POST', url, JSON.stringify(doc));
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify({ ...doc, payments: [{ method: 'cash', amount: 1 }] }),
    });
    expect(tampered.json().errcode).toBe(ERR.OPEN_SIGNATURE_INVALID);

    const other = await t.app.inject({
      method: 'POST',
      url,
      headers: signedHeaders(POS, 'POST', `${OPEN_PREFIX}/refunds`, JSON.stringify(doc)),
      payload: JSON.stringify(doc),
    });
    expect(other.json().errcode).toBe(ERR.OPEN_SIGNATURE_INVALID);
    // Nothing was written by the refused ones.
    const [n] = await t.db
      .select({ id: memberConsume.id })
      .from(memberConsume)
      .where(eq(memberConsume.outerNo, doc.outerNo));
    expect(n).toBeUndefined();
  });

  it('refuses missing or malformed headers and unknown keys', async () => {
    const missing = await openPost(t.app, POS, bills(), retail(), { headers: { 'x-signature': undefined } });
    expect(missing).toMatchObject({ status: 200, errcode: ERR.OPEN_AUTH_MISSING });
    const badTs = await openPost(t.app, POS, bills(), retail(), { headers: { 'x-timestamp': 'yesterday' } });
    expect(badTs.errcode).toBe(ERR.OPEN_AUTH_MISSING);
    expect(badTs.errmsg).toContain('X-Timestamp');
    const badNonce = await openPost(t.app, POS, bills(), retail(), { nonce: 'short' });
    expect(badNonce.errcode).toBe(ERR.OPEN_AUTH_MISSING);
    const unknown = await openPost(t.app, { appKey: 'pos_nobody', secret: 'x' }, bills(), retail());
    expect(unknown).toMatchObject({ status: 200, errcode: ERR.OPEN_KEY_INVALID });
  });
});

describe('clock and nonce', () => {
  it('refuses a timestamp more than 300 s away, either way, and takes one just inside', async () => {
    const now = Math.floor(Date.now() / 1000);
    // A few seconds past the bound: a loaded machine's delay between here and the check never brings one inside.
    for (const ts of [now - 305, now + 305, 0]) {
      const res = await openPost(t.app, POS, bills(), retail(), { timestamp: ts });
      expect(res.errcode).toBe(ERR.OPEN_TIMESTAMP_SKEW);
    }
    expect((await openPost(t.app, POS, bills(), retail(), { timestamp: now - 295 })).errcode).toBe(ERR.OK);
  });

  it('refuses a nonce used before by the same key, even for another document; another key may use it', async () => {
    const nonce = `nonce-${Date.now()}`;
    expect((await openPost(t.app, POS, bills(), retail(), { nonce })).errcode).toBe(ERR.OK);
    const again = await openPost(t.app, POS, bills(), retail(), { nonce });
    expect(again).toMatchObject({ status: 200, errcode: ERR.OPEN_NONCE_REPLAY });
    const mini = await openPost(t.app, MINI, bills(), retail(), { nonce });
    expect(mini.errcode).toBe(ERR.OK);
  });

  it('lets exactly one of 10 concurrent requests with one nonce through', async () => {
    const nonce = `race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => openPost(t.app, POS, bills(), retail(), { nonce })),
    );
    expect(results.filter((r) => r.errcode === ERR.OK)).toHaveLength(1);
    expect(results.filter((r) => r.errcode === ERR.OPEN_NONCE_REPLAY)).toHaveLength(9);
    const rows = await t.db.select().from(openNonce).where(eq(openNonce.nonce, nonce));
    expect(rows).toHaveLength(1);
  });
});

describe('keys and terminals', () => {
  it('refuses a revoked key at once; a newly issued key works and its secret is stored sealed', async () => {
    const [terminal] = await t.db
      .select({ id: openClient.posTerminalId })
      .from(openClient)
      .where(eq(openClient.appKey, POS.appKey));
    const issued = await issueKey(t.db, t.app.cipher, { kind: 'pos', posTerminalId: terminal!.id }, 1);
    expect(issued.secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.db.select().from(openClient).where(eq(openClient.id, issued.id));
    expect(row!.secretSealed).not.toContain(issued.secret);
    // Issuing for the terminal revoked the demo key.
    const old = await openPost(t.app, POS, bills(), retail());
    expect(old.errcode).toBe(ERR.OPEN_KEY_INVALID);
    expect((await openPost(t.app, issued, bills(), retail())).errcode).toBe(ERR.OK);
    await revokeKey(t.db, issued.id, 1, { kind: 'pos' });
    const revoked = await openPost(t.app, issued, bills(), retail());
    expect(revoked).toMatchObject({ status: 200, errcode: ERR.OPEN_KEY_INVALID });
    // Put a demo-keyed client back for the other tests.
    await t.db.update(openClient).set({ status: 'active', revokedAt: null }).where(eq(openClient.appKey, POS.appKey));
  });

  it('refuses a POS sending for another store, and a terminal disabled or unbound', async () => {
    const other = await openPost(t.app, POS, bills(), retail({ storeCode: 'SH001' }));
    expect(other).toMatchObject({ status: 200, errcode: ERR.OPEN_STORE_NOT_BOUND });
    // The mini-program may send for any store.
    expect((await openPost(t.app, MINI, bills(), retail({ storeCode: 'SH001' }))).errcode).toBe(ERR.OK);

    const [c] = await t.db
      .select({ terminalId: openClient.posTerminalId })
      .from(openClient)
      .where(eq(openClient.appKey, POS.appKey));
    await t.db.update(posTerminal).set({ status: 'disabled' }).where(eq(posTerminal.id, c!.terminalId!));
    const disabled = await openPost(t.app, POS, bills(), retail());
    expect(disabled).toMatchObject({ status: 200, errcode: ERR.OPEN_STORE_NOT_BOUND });
    await t.db.update(posTerminal).set({ storeId: null, boundAt: null }).where(eq(posTerminal.id, c!.terminalId!));
    expect((await openPost(t.app, POS, bills(), retail())).errcode).toBe(ERR.OPEN_STORE_NOT_BOUND);
  });
});

describe('keys in the console', () => {
  it('lets an administrator issue a key for a terminal (the secret once), list it without the secret, and revoke it', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const [terminal] = await t.db
      .select({ id: posTerminal.id })
      .from(posTerminal)
      .where(eq(posTerminal.status, 'active'))
      .limit(1);
    const issued = await admin.call(OPEN_KEY_API.posIssue, { params: { id: terminal!.id } });
    expect(issued.body.errcode).toBe(ERR.OK);
    const { id, appKey, secret } = issued.body.data!;
    expect(appKey).toMatch(/^pos_[0-9a-f]{20}$/);
    const listed = await admin.call(OPEN_KEY_API.posKeys, { params: { id: terminal!.id } });
    expect(listed.body.data!.find((k) => k.id === id)).toMatchObject({ appKey, status: 'active', kind: 'pos' });
    expect(listed.raw).not.toContain(secret);
    // The terminal's store is where it may send for; the key works at once.
    const [bound] = await t.db
      .select({ code: store.code })
      .from(posTerminal)
      .innerJoin(store, eq(posTerminal.storeId, store.id))
      .where(eq(posTerminal.id, terminal!.id));
    const sentOk = await openPost(t.app, { appKey, secret }, bills(), retail({ storeCode: bound!.code }));
    expect(sentOk.errcode).not.toBe(ERR.OPEN_KEY_INVALID);
    expect(sentOk.errcode).not.toBe(ERR.OPEN_SIGNATURE_INVALID);
    const revoked = await admin.call(OPEN_KEY_API.posRevoke, { params: { id: terminal!.id, keyId: id } });
    expect(revoked.body.errcode).toBe(ERR.OK);
    expect((await openPost(t.app, { appKey, secret }, bills(), retail())).errcode).toBe(ERR.OPEN_KEY_INVALID);
    const twice = await admin.call(OPEN_KEY_API.posRevoke, { params: { id: terminal!.id, keyId: id } });
    expect(twice.body.errcode).toBe(ERR.PARAM_INVALID);
    // A key is revoked only through its own terminal.
    const wrong = await admin.call(OPEN_KEY_API.posRevoke, { params: { id: terminal!.id + 1, keyId: id } });
    expect(wrong.body.errcode).not.toBe(ERR.OK);
  });

  it('keeps the mini-program keys to administrators', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const issued = await admin.call(OPEN_KEY_API.miniIssue, { body: { name: '测试小程序' } });
    expect(issued.body.data!.appKey).toMatch(/^mini_/);
    expect((await openPost(t.app, issued.body.data!, bills(), retail())).errcode).toBe(ERR.OK);
    const empty = await admin.call(OPEN_KEY_API.miniIssue, { body: { name: ' ' } });
    expect(empty.body.errcode).toBe(ERR.PARAM_INVALID);
    const hq = await t.signIn('13800000001', 'hq123456');
    const refused = await hq.call(OPEN_KEY_API.miniKeys);
    expect(refused.status).toBe(403);
    const list = await admin.call(OPEN_KEY_API.miniKeys);
    expect(list.body.data!.map((k) => k.appKey)).toContain(MINI.appKey);
  });
});

describe('malformed requests never answer 500', () => {
  const key = MINI;
  const cases: [string, string | Buffer, string?][] = [
    ['not JSON', '{"outerNo": '],
    ['empty body', ''],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['NUL in a field', JSON.stringify({ outerNo: 'A\u0000B' })],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80])],
    ['form body', 'outerNo=1&storeCode=BJ001', 'application/x-www-form-urlencoded'],
    ['text body', 'hello', 'text/plain'],
    ['no content type', JSON.stringify({ outerNo: 'X1' }), ''],
  ];
  for (const [name, body, type] of cases) {
    it(`answers ${name} with OPEN_DOCUMENT_INVALID`, async () => {
      const res = await openPost(t.app, key, bills(), body, { contentType: type ?? 'application/json' });
      expect(res.status).toBeLessThan(500);
      expect(res.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
      expect(res.errmsg).toMatch(/[\u4e00-\u9fa5]/);
    });
  }

  it('refuses a body over the limit', async () => {
    const huge = JSON.stringify({ remark: 'x'.repeat(OPEN_BODY_MAX + 10) });
    const res = await openPost(t.app, key, bills(), huge);
    expect(res.status).toBe(413);
    expect(res.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    expect(res.errmsg).toContain('请求体过大');
  });

  it('names each invalid field in Chinese', async () => {
    const res = await openPost(t.app, key, bills(), {
      outerNo: 'bad no!',
      storeCode: 'BJ001',
      member: MEMBER,
      at: 'yesterday',
      lines: [{ kind: 'gift', quantity: 0 }],
      payments: [{ method: 'cash', amount: 1.5 }],
    });
    expect(res.errcode).toBe(ERR.OPEN_DOCUMENT_INVALID);
    const fields = res.data.fields as Record<string, string>;
    expect(fields.outerNo).toContain('单据编号');
    expect(fields.at).toContain('ISO 8601');
    expect(fields['lines.0.kind']).toContain('行类型');
    expect(fields['payments.0.amount']).toContain('整数分');
    for (const msg of Object.values(fields)) expect(msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers an unknown path or method with the 404 envelope, and a GET of a POST call too', async () => {
    for (const [method, url] of [
      ['POST', `${OPEN_PREFIX}/nothing`],
      ['GET', `${OPEN_PREFIX}${OPEN_PATHS.bills}`],
      ['DELETE', `${OPEN_PREFIX}${OPEN_PATHS.bills}`],
      ['GET', OPEN_PREFIX],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json().errcode).toBe(ERR.NOT_FOUND);
    }
  });
});
