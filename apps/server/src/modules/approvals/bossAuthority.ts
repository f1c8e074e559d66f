/**
 * Boss permission (SPEC §4 web login): a store boss without headquarters roles is refused with
 * LOGIN-51005 and a short-lived ticket proving the password was just checked; the ticket applies
 * once; the poll reads the decision; an approved application signs the boss in once, as 门店店长
 * of their store.
 */
import type { BossAuthorityHint } from '@zb/contract/api/auth';
import { AUTHORITY_TICKET_TTL_MINUTES } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { createSession, deleteSession } from '../../platform/session';
import { consumeTicket, issueTicket, openTicket } from '../../platform/tickets';
import { userAccount } from '../accounts/schema';
import { grantStoreRole } from '../hierarchy/members';
import { store } from '../stores/schema';
import { nextSpNo } from './numbers';
import { approval, approvalEvent } from './schema';

/** The role an approved boss receives in their store. */
export const BOSS_ROLE_CODE = 'STORE_MANAGER';
const TYPE = 'bossAuthority';

interface AuthorityTicket {
  userId: number;
}

const bossStoreOf = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ id: store.id, name: store.name })
    .from(store)
    .where(eq(store.bossUserId, userId))
    .orderBy(asc(store.id))
    .limit(1);
  return row ?? null;
};

/** The boss's application still in play: pending, or approved and not yet used to sign in. */
const openApplication = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ id: approval.id, spNo: approval.spNo, status: approval.status })
    .from(approval)
    .where(
      and(
        eq(approval.applicantId, userId),
        eq(approval.type, TYPE),
        or(eq(approval.status, 'pending'), and(eq(approval.status, 'approved'), isNull(approval.authorizedAt))),
      ),
    )
    .orderBy(asc(approval.id))
    .limit(1);
  return row ?? null;
};

/**
 * Why an account with no role cannot sign in: a store boss with a pending application waits
 * (LOGIN-51008), any other boss may apply (LOGIN-51005 with the application ticket), anyone else
 * has no role (LOGIN-40106, sign-in's own answer when this gives none). Password and WeCom sign-in
 * both answer this: approvalRoutes registers it with sign-in (modules/auth/login.ts noRoleRefusals).
 */
export const noRoleRefusal = async (db: Db, cipher: Cipher, userId: number): Promise<BizError | null> => {
  if (!(await bossStoreOf(db, userId))) return null;
  const open = await openApplication(db, userId);
  if (open?.status === 'pending') return new BizError(ERR.LOGIN_APPROVAL_PENDING);
  const ticket = issueTicket<AuthorityTicket>(cipher, 'bossAuthority', { userId }, AUTHORITY_TICKET_TTL_MINUTES * 60);
  const hint: BossAuthorityHint = { userId, authority: ticket };
  return new BizError(ERR.LOGIN_BOSS_APPROVAL_REQUIRED, undefined, hint);
};

/**
 * Applies for boss permission with the LOGIN-51005 ticket. A pending (or approved, unused)
 * application is answered again; otherwise the ticket is used up creating a new one.
 */
export const applyForBossAuthority = async (
  db: Db,
  cipher: Cipher,
  input: { userId: number; authority: string },
): Promise<{ spNo: string }> => {
  const ticket = openTicket<AuthorityTicket>(cipher, input.authority, 'bossAuthority');
  if (!ticket || ticket.data.userId !== input.userId) throw new BizError(ERR.APPROVAL_TICKET_INVALID);
  const existing = await openApplication(db, input.userId);
  if (existing) return { spNo: existing.spNo };

  return db.transaction(async (tx) => {
    if (!(await consumeTicket(tx, ticket))) throw new BizError(ERR.APPROVAL_TICKET_INVALID);
    return submitBossAuthority(tx, input.userId);
  });
};

/**
 * Files a store boss's application for boss permission (the ticket already used up by the caller,
 * or the demo data): the application, its 提交申请 step and its operation-log row, at `now`.
 */
export const submitBossAuthority = async (tx: Db, userId: number, now = new Date()): Promise<{ spNo: string }> => {
  const [applicant] = await tx
    .select({ nickname: userAccount.nickname })
    .from(userAccount)
    .where(eq(userAccount.id, userId));
  const bossStore = await bossStoreOf(tx, userId);
  if (!applicant || !bossStore) throw new BizError(ERR.APPROVAL_TICKET_INVALID);
  const spNo = await nextSpNo(tx, now);
  const [created] = await tx
    .insert(approval)
    .values({
      spNo,
      type: TYPE,
      applicantId: userId,
      storeId: bossStore.id,
      reason: `${bossStore.name}老板${applicant.nickname}申请总部后台老板权限`,
      createdAt: now,
    })
    .returning({ id: approval.id });
  const approvalId = created!.id;
  await tx.insert(approvalEvent).values({ approvalId, action: 'submit', actorId: userId, at: now });
  await recordOperation(tx, {
    userId,
    action: 'approvalSubmit',
    target: `approval:${approvalId}`,
    after: { spNo, type: TYPE, storeId: bossStore.id },
  });
  return { spNo };
};

/** The poll's answer: 204 pending, 200 approved, 505 rejected (SPEC §4). */
export const bossAuthorityResult = async (db: Db, spNo: string): Promise<never> => {
  const [row] = await db
    .select({ status: approval.status })
    .from(approval)
    .where(and(eq(approval.spNo, spNo), eq(approval.type, TYPE)));
  if (!row) throw new BizError(ERR.PARAM_INVALID, '审批编号不存在');
  if (row.status === 'approved') throw new BizError(ERR.STORE_AUTH_PASSED);
  if (row.status === 'rejected') throw new BizError(ERR.STORE_AUTH_REJECTED);
  throw new BizError(ERR.STORE_AUTH_PENDING);
};

/** Gives the user the boss role in the store's content (the hierarchy offers it there if missing). */
const grantBossRole = async (tx: Db, userId: number, storeId: number): Promise<number> => {
  const offerId = await grantStoreRole(tx, userId, storeId, BOSS_ROLE_CODE);
  if (offerId === null) throw new BizError(ERR.APPROVAL_NOT_USABLE, '门店尚未配置店长角色，请联系管理员');
  return offerId;
};

export interface AuthorizedLogin {
  user: typeof userAccount.$inferSelect;
  token: string;
}

const notUsable = (status: string, authorizedAt: Date | null): BizError => {
  if (status === 'pending') return new BizError(ERR.APPROVAL_NOT_USABLE, '审批尚未通过，请耐心等待');
  if (status === 'rejected') return new BizError(ERR.APPROVAL_NOT_USABLE, '授权未通过，请重新申请');
  if (authorizedAt) return new BizError(ERR.APPROVAL_NOT_USABLE, '该审批已用于登录，请使用账号密码登录');
  return new BizError(ERR.APPROVAL_NOT_USABLE);
};

/**
 * Signs the applicant in with their approved application, once: grants 门店店长 in their store,
 * marks the application used and opens a session, all in one transaction.
 */
export const authorizeLogin = async (
  db: Db,
  input: { userId: number; spNo: string },
  previousToken: string | null,
  now = new Date(),
): Promise<AuthorizedLogin> =>
  db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(approval)
      .where(and(eq(approval.spNo, input.spNo), eq(approval.type, TYPE)))
      .for('update');
    if (!app || app.applicantId !== input.userId) throw new BizError(ERR.APPROVAL_NOT_USABLE, '审批编号无效');
    if (app.status !== 'approved' || app.authorizedAt || app.storeId === null) {
      throw notUsable(app.status, app.authorizedAt);
    }
    const [user] = await tx.select().from(userAccount).where(eq(userAccount.id, input.userId));
    if (!user) throw new BizError(ERR.APPROVAL_NOT_USABLE, '审批编号无效');
    if (!user.enabled) throw new BizError(ERR.LOGIN_DISABLED);

    const contentRoleId = await grantBossRole(tx, user.id, app.storeId);
    await tx.update(approval).set({ authorizedAt: now }).where(eq(approval.id, app.id));
    await tx.insert(approvalEvent).values({ approvalId: app.id, action: 'authorize', actorId: user.id, at: now });
    await recordOperation(tx, {
      userId: user.id,
      action: 'approvalAuthorize',
      target: `approval:${app.id}`,
      after: { spNo: app.spNo, role: BOSS_ROLE_CODE, contentRoleId },
    });
    if (previousToken) await deleteSession(tx, previousToken);
    return { user, token: await createSession(tx, user.id, now) };
  });
