/**
 * /blacklistAdmin on the resource engine: a member (by its phone, kept by the member's id), a
 * phone (any member with it) or a device (a POS terminal's SN), with the reason, who added it and
 * when, and an optional last day. The ledger refuses them (enforce.ts).
 */
import { BLACKLIST } from '@zb/contract/entities/security';
import { formatDate } from '@zb/contract/time';
import { eq, sql } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { posTerminal } from '../storesMore/schema';
import { securityBlacklist } from './schema';

const PHONE = /^1\d{10}$/;

export const blacklistBinding = bindResource({
  decl: BLACKLIST,
  table: securityBlacklist,
  id: securityBlacklist.id,
  joins: [
    { table: member, on: eq(member.id, securityBlacklist.memberId) },
    { table: userAccount, on: eq(userAccount.id, securityBlacklist.createdBy) },
  ],
  columns: {
    memberName: member.name,
    createdByName: userAccount.nickname,
    active: sql<boolean>`(${securityBlacklist.expiresOn} is null or ${securityBlacklist.expiresOn} >= (now() at time zone 'Asia/Shanghai')::date)`,
  },
  uniques: { security_blacklist_uq: 'value' },
  service: {
    create: async ({ tx, auth }, values) => {
      const value = String(values.value).trim();
      let memberId: number | null = null;
      if (values.kind === 'device') {
        const [t] = await tx.select({ id: posTerminal.id }).from(posTerminal).where(eq(posTerminal.sn, value));
        if (!t) throw fieldError('value', `设备 SN「${value}」不存在`);
      } else {
        if (!PHONE.test(value)) throw fieldError('value', '请输入 11 位手机号');
        if (values.kind === 'member') {
          const found = await tx.select({ id: member.id }).from(member).where(eq(member.phone, value)).limit(2);
          if (found.length === 0) throw fieldError('value', `手机号「${value}」没有会员`);
          if (found.length > 1) throw fieldError('value', '该手机号有多位会员，请按手机号加入黑名单');
          memberId = found[0]!.id;
        }
      }
      if (values.expiresOn && values.expiresOn < formatDate(new Date())) {
        throw fieldError('expiresOn', '截止日期不能早于今天');
      }
      const [row] = await tx
        .insert(securityBlacklist)
        .values({
          kind: values.kind,
          value,
          memberId,
          reason: values.reason.trim(),
          expiresOn: values.expiresOn ?? null,
          createdBy: auth.user.id,
        })
        .onConflictDoNothing()
        .returning({ id: securityBlacklist.id });
      if (!row) throw fieldError('value', '已在黑名单中，请直接编辑');
      return row.id;
    },
  },
});
