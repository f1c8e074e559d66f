import { APPROVAL_API } from '@zb/contract/api/approvals';
import { AUTH_API, type BossAuthorityHint } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/schema';
import { issueTicket } from '../../platform/tickets';
import { createUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { APPLICANT_COOKIE } from './routes';
import { approval } from './schema';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

/** A boss's browser: the LOGIN-51005 hint, then the applicant cookie getStoreAuthority sets. */
class BossBrowser {
  applicantCookie: string | null = null;
  constructor(
    readonly client: TestClient,
    readonly user: string,
  ) {}

  async hint(): Promise<BossAuthorityHint> {
    const res = await this.client.login(this.user, 'boss1234');
    expect(res.body.errcode).toBe(ERR.LOGIN_BOSS_APPROVAL_REQUIRED);
    return res.body.data as unknown as BossAuthorityHint;
  }

  async apply(hint: BossAuthorityHint) {
    const res = await this.client.call(AUTH_API.getStoreAuthority, { query: { ...hint } });
    const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${APPLICANT_COOKIE}=`));
    if (set) this.applicantCookie = String(set).split(';')[0]!;
    return res;
  }

  result(spNo: string, n = 1) {
    return this.client.call(AUTH_API.getStoreAuthorityResult, { query: { spNo, n } });
  }

  authorize(userId: number, spNo: string) {
    const headers: Record<string, string> = this.applicantCookie ? { cookie: this.applicantCookie } : {};
    return this.client.call(AUTH_API.authorizeLogin, { query: { userId, spNo }, headers });
  }
}

const decide = (id: number, decision: 'approve' | 'reject', comment = '') =>
  admin.call(APPROVAL_API.decide, { body: { id, decision, comment } });

const idOf = async (spNo: string): Promise<number> => {
  const [row] = await t.db.select({ id: approval.id }).from(approval).where(eq(approval.spNo, spNo));
  return row!.id;
};

describe('the demo data’s approvals (seed/approvals.ts, made through this module’s services)', () => {
  const ofApplicant = async (phone: string) =>
    (await admin.call(APPROVAL_API.list, { query: { keyword: phone } })).body.data.list;

  it('hold one application in each state, listed in the approval center with its history', async () => {
    const zhao = await ofApplicant('13800000006');
    expect(zhao.map((r) => [r.storeName, r.status])).toEqual([
      ['深圳南山店', 'pending'],
      ['深圳南山店', 'rejected'],
    ]);
    expect((await ofApplicant('13800000007')).map((r) => r.status)).toEqual(['approved']);
    const [zhou] = await ofApplicant('13800000008');
    expect(zhou).toMatchObject({ status: 'approved', storeName: '成都锦江店', applicantName: '周涛' });
    const detail = (await admin.call(APPROVAL_API.detail, { params: { id: zhou!.id } })).body.data;
    expect(detail.history.map((h) => h.action)).toEqual(['submit', 'approve', 'authorize']);
    expect(detail).toMatchObject({ deciderName: '系统管理员', comment: '门店资料齐全，同意' });
    const rejected = (await admin.call(APPROVAL_API.detail, { params: { id: zhao[1]!.id } })).body.data;
    expect(rejected.comment).toBe('门店营业执照尚未备案，请备案后重新申请');
  });

  it('answer sign-in as each state does: pending waits, approved applies, authorized works as 店长', async () => {
    expect((await t.client().login('13800000006', 'boss1234')).body.errcode).toBe(ERR.LOGIN_APPROVAL_PENDING);
    expect((await t.client().login('13800000007', 'boss1234')).body.errcode).toBe(ERR.LOGIN_BOSS_APPROVAL_REQUIRED);
    const zhou = await t.client().login('13800000008', 'boss1234');
    expect(zhou.body.errcode).toBe(ERR.OK);
    expect(zhou.body.data.roles.map((r) => [r.hier, r.role])).toEqual([['门店', 'STORE_MANAGER']]);
    // 13800000003 and 13800000005 keep no application: the end-to-end tests apply as them.
    for (const phone of ['13800000003', '13800000005']) expect(await ofApplicant(phone)).toEqual([]);
  });
});

describe('boss permission: apply, approve, sign in once', () => {
  const boss = () => new BossBrowser(t.client(), '13800000003');
  let spNo = '';
  let userId = 0;
  let browser: BossBrowser;

  it('answers LOGIN-51005 with the user id and an application ticket', async () => {
    browser = boss();
    const hint = await browser.hint();
    expect(hint.userId).toBeGreaterThan(0);
    expect(hint.authority.length).toBeGreaterThan(40);
    userId = hint.userId;
  });

  it('applies: errcode 0 with the spNo in errmsg, and the poll answers 204 审批中', async () => {
    const hint = await browser.hint();
    const res = await browser.apply(hint);
    expect(res.body.errcode).toBe(ERR.OK);
    spNo = res.body.data.spNo;
    expect(spNo).toMatch(/^SP\d{8}\d{4}$/);
    expect(res.body.errmsg).toBe(spNo);
    const poll = await browser.result(spNo);
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({ errcode: ERR.STORE_AUTH_PENDING, errmsg: '审批中' });

    // The same ticket again answers the same application instead of a second one.
    const again = await browser.apply(hint);
    expect(again.body.data.spNo).toBe(spNo);
    const rows = await t.db.select().from(approval).where(eq(approval.applicantId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', type: 'bossAuthority' });
  });

  it('refuses the password sign-in while pending with LOGIN-51008', async () => {
    const res = await t.client().login('13800000003', 'boss1234');
    expect(res.body).toMatchObject({
      errcode: ERR.LOGIN_APPROVAL_PENDING,
      errmsg: '审批中，暂时无法登录，请留意审批结果',
    });
  });

  it('refuses authorizeLogin before the decision', async () => {
    const res = await browser.authorize(userId, spNo);
    expect(res.body.errcode).toBe(ERR.APPROVAL_NOT_USABLE);
    expect(res.body.errmsg).toBe('审批尚未通过，请耐心等待');
  });

  it('answers 200 授权通过 once an approver approves with a comment', async () => {
    const res = await decide(await idOf(spNo), 'approve', '同意开通');
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data).toMatchObject({ status: 'approved', comment: '同意开通', deciderName: '系统管理员' });
    const poll = await browser.result(spNo, 2);
    expect(poll.body).toMatchObject({ errcode: ERR.STORE_AUTH_PASSED, errmsg: '授权通过' });
  });

  it('refuses authorizeLogin from a browser that did not apply', async () => {
    const res = await t.client().call(AUTH_API.authorizeLogin, { query: { userId, spNo } });
    expect(res.body.errcode).toBe(ERR.APPROVAL_NOT_USABLE);
    const [row] = await t.db.select().from(approval).where(eq(approval.spNo, spNo));
    expect(row!.authorizedAt).toBeNull();
  });

  it('signs the boss in with authorizeLogin as 门店店长 of 杭州西湖店', async () => {
    const res = await browser.authorize(userId, spNo);
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.loginName).toBe('13800000003');
    expect(res.body.data.roles.map((r) => [r.hier, r.roleName])).toEqual([['门店', '门店店长']]);
    expect(browser.client.cookie).toBeTruthy();

    const info = await browser.client.call(AUTH_API.loginInfo, {
      headers: { 'account-version': `13800000003|${res.body.data.createdDate}` },
    });
    expect(info.body.errcode).toBe(ERR.OK);
    expect(info.body.data.storeName).toBe('杭州西湖店');
    expect(info.body.data.roles).toHaveLength(1);
    expect(info.body.data.roles[0]).toMatchObject({ roleName: '门店店长', hier: '门店' });

    const logged = await t.db
      .select({ action: operationLog.action })
      .from(operationLog)
      .where(and(eq(operationLog.target, `approval:${await idOf(spNo)}`)));
    expect(logged.map((l) => l.action)).toEqual(['approvalSubmit', 'approvalApprove', 'approvalAuthorize']);
  });

  it('refuses authorizeLogin a second time', async () => {
    const res = await browser.authorize(userId, spNo);
    expect(res.body.errcode).toBe(ERR.APPROVAL_NOT_USABLE);
  });

  it('lets the boss sign in with the password from now on', async () => {
    const res = await t.client().login('13800000003', 'boss1234');
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.roles.map((r) => r.roleName)).toEqual(['门店店长']);
  });

  it('shows the whole history in the detail', async () => {
    const res = await admin.call(APPROVAL_API.detail, { params: { id: await idOf(spNo) } });
    expect(res.body.data.history.map((h) => [h.action, h.actorName, h.comment])).toEqual([
      ['submit', '王建国', ''],
      ['approve', '系统管理员', '同意开通'],
      ['authorize', '王建国', ''],
    ]);
  });
});

describe('boss permission: rejection and bad tickets', () => {
  const browser = () => new BossBrowser(t.client(), '13800000005');

  it('answers 505 after a rejection, and a new sign-in may apply again', async () => {
    const first = browser();
    const hint = await first.hint();
    const { spNo } = (await first.apply(hint)).body.data;
    expect((await decide(await idOf(spNo), 'reject', '资料不全')).body.data.status).toBe('rejected');
    const poll = await first.result(spNo);
    expect(poll.body).toMatchObject({ errcode: ERR.STORE_AUTH_REJECTED, errmsg: '授权未通过，请重新申请' });
    expect((await first.authorize(hint.userId, spNo)).body.errcode).toBe(ERR.APPROVAL_NOT_USABLE);

    // The used ticket cannot open a second application; a new sign-in can.
    expect((await first.apply(hint)).body.errcode).toBe(ERR.APPROVAL_TICKET_INVALID);
    const second = browser();
    const res = await second.apply(await second.hint());
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.spNo).not.toBe(spNo);
    expect((await second.result(res.body.data.spNo)).body.errcode).toBe(ERR.STORE_AUTH_PENDING);
  });

  it('refuses a forged, expired or someone else’s ticket with a Chinese message', async () => {
    const b = browser();
    const hint = await b.hint().catch(() => null);
    const userId = hint?.userId ?? 1;
    const forged = await b.apply({ userId, authority: 'not-a-ticket' });
    expect(forged.body).toMatchObject({
      errcode: ERR.APPROVAL_TICKET_INVALID,
      errmsg: '申请凭证无效或已过期，请重新登录后申请',
    });
    const expired = issueTicket(t.app.cipher, 'bossAuthority', { userId }, 60, new Date(Date.now() - 3_600_000));
    expect((await b.apply({ userId, authority: expired })).body.errcode).toBe(ERR.APPROVAL_TICKET_INVALID);
    const other = issueTicket(t.app.cipher, 'bossAuthority', { userId: userId + 100 }, 60);
    expect((await b.apply({ userId, authority: other })).body.errcode).toBe(ERR.APPROVAL_TICKET_INVALID);
    const wrongKind = issueTicket(t.app.cipher, 'switchRole', { userId }, 60);
    expect((await b.apply({ userId, authority: wrongKind })).body.errcode).toBe(ERR.APPROVAL_TICKET_INVALID);
  });

  it('answers PARAM for an unknown spNo or a missing parameter, never a 500', async () => {
    const c = t.client();
    const unknown = await c.call(AUTH_API.getStoreAuthorityResult, { query: { spNo: 'SP000000000000', n: 1 } });
    expect(unknown.body).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '审批编号不存在' });
    const missing = await c.request('GET', AUTH_API.getStoreAuthority.path);
    expect(missing.status).toBe(200);
    expect(missing.body.errcode).toBe(ERR.PARAM_INVALID);
    const bad = await c.request('GET', `${AUTH_API.authorizeLogin.path}?userId=abc&spNo=x`);
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
  });

  it('tells an account with neither role nor store that it has no role, without a ticket', async () => {
    await createUser(t.db, { loginName: '13900000077', phone: '13900000077', password: 'nobody123' });
    const res = await t.client().login('13900000077', 'nobody123');
    expect(res.body).toMatchObject({ errcode: ERR.LOGIN_NO_ROLE, data: null });
  });
});
