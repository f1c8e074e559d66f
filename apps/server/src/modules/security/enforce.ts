/**
 * Business security as the card ledger enforces it (its openChecks and cardUseChecks hooks,
 * registered in routes.ts): /useCardLimit's draws, amount and stores per card per Beijing day,
 * and /blacklistAdmin's members, phones and devices. Nothing is cached: every record reads the
 * rules in its own transaction, so a change is seen by the next draw on every instance.
 *
 * Counted for a card's day are its bills already written that day (not 关单), the records of the
 * same batch decided before, and the bill itself. The ledger has locked the cards (FOR UPDATE)
 * before this runs, so two bills on one card queue and the second counts the first.
 */
import { blacklistRefusal, USE_CARD_LIMIT_PRECEDENCE, useCardLimitText } from '@zb/contract/entities/security';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate, shanghaiPeriod } from '@zb/contract/time';
import { and, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipeline';
import { BizError } from '../../platform/errors';
import { card } from '../goods/schema';
import type { CardUse, LedgerParty, OpenCardInput } from '../members/ledger';
import { memberConsume, memberConsumeLine } from '../members/schema';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';
import { posTerminal } from '../storesMore/schema';
import { securityBlacklist, useCardLimit } from './schema';

const KIND_WORDS: Record<string, string> = { member: '该会员', phone: '该手机号', device: '该设备' };

/**
 * The first blacklist entry in force on `day` for the party: the member, its phone, or (with
 * `device`) the POS terminal of the open-API client that sent the record.
 */
const blacklisted = async (tx: Tx, party: LedgerParty, day: string, device: boolean) => {
  const sn = tx
    .select({ sn: posTerminal.sn })
    .from(openClient)
    .innerJoin(posTerminal, eq(posTerminal.id, openClient.posTerminalId))
    .where(eq(openClient.id, party.clientId ?? 0));
  const whom: SQL[] = [
    and(eq(securityBlacklist.kind, 'member'), eq(securityBlacklist.memberId, party.memberId))!,
    and(eq(securityBlacklist.kind, 'phone'), eq(securityBlacklist.value, party.phone))!,
  ];
  if (device && party.clientId !== null) {
    whom.push(and(eq(securityBlacklist.kind, 'device'), sql`${securityBlacklist.value} in (${sn})`)!);
  }
  const [hit] = await tx
    .select({ kind: securityBlacklist.kind, reason: securityBlacklist.reason })
    .from(securityBlacklist)
    .where(
      and(
        or(...whom),
        or(sql`${securityBlacklist.expiresOn} is null`, sql`${securityBlacklist.expiresOn} >= ${day}::date`),
      ),
    )
    .orderBy(securityBlacklist.id)
    .limit(1);
  return hit ?? null;
};

const refuseBlacklisted = (hit: { kind: string; reason: string }, what: string) =>
  new BizError(ERR.SECURITY_BLACKLISTED, blacklistRefusal(KIND_WORDS[hit.kind] ?? '', what, hit.reason));

/**
 * Coupons (modules/coupons): of the members given, those a blacklist entry in force on `day` names
 * (the member, or its phone), with the refusal's words for `what` (e.g. 领取优惠券). One statement.
 */
export const blacklistedMembers = async (
  tx: Tx,
  members: readonly { memberId: number; phone: string }[],
  day: string,
  what: string,
): Promise<Map<number, string>> => {
  const out = new Map<number, string>();
  if (members.length === 0) return out;
  const hits = await tx
    .select({
      kind: securityBlacklist.kind,
      memberId: securityBlacklist.memberId,
      value: securityBlacklist.value,
      reason: securityBlacklist.reason,
    })
    .from(securityBlacklist)
    .where(
      and(
        or(
          and(
            eq(securityBlacklist.kind, 'member'),
            inArray(
              securityBlacklist.memberId,
              members.map((m) => m.memberId),
            ),
          ),
          and(
            eq(securityBlacklist.kind, 'phone'),
            inArray(
              securityBlacklist.value,
              members.map((m) => m.phone),
            ),
          ),
        ),
        or(sql`${securityBlacklist.expiresOn} is null`, sql`${securityBlacklist.expiresOn} >= ${day}::date`),
      ),
    )
    .orderBy(securityBlacklist.id);
  for (const m of members) {
    const hit = hits.find((h) => (h.kind === 'member' ? h.memberId === m.memberId : h.value === m.phone));
    if (hit) out.set(m.memberId, refuseBlacklisted(hit, what).message);
  }
  return out;
};

/** 开卡 (or 领取实体卡): refused for a blacklisted member or phone. Registered with openChecks. */
export const checkOpen = async (tx: Tx, party: LedgerParty, e: OpenCardInput): Promise<void> => {
  const hit = await blacklisted(tx, party, formatDate(e.at), false);
  if (hit) throw refuseBlacklisted(hit, e.source?.refType === 'marketing_real_card' ? '领取实体卡' : '开卡');
};

interface Rule {
  scope: string;
  storeId: number | null;
  cardId: number | null;
  maxDraws: number | null;
  maxAmount: number | null;
  maxStores: number | null;
  name: string | null;
}

/** The rule that applies to a card: the most specific enabled one. */
const ruleFor = (rules: readonly Rule[], u: CardUse): Rule | undefined => {
  for (const scope of USE_CARD_LIMIT_PRECEDENCE) {
    const found = rules.find(
      (r) =>
        r.scope === scope &&
        (scope === 'chain' || (scope === 'store' ? r.storeId === u.cardStoreId : r.cardId === u.cardId)),
    );
    if (found) return found;
  }
  return undefined;
};

const ruleName = (r: Rule) =>
  r.scope === 'chain' ? '全部门店' : `${r.scope === 'store' ? '门店' : '卡项'}「${r.name}」`;

/**
 * A bill's card draws: refused (SECURITY_BLACKLISTED) for a blacklisted member, phone or device,
 * and (SECURITY_CARD_LIMIT) past the rule of any card it draws. A bill from a blacklisted device
 * that opens cards is refused too. Registered with cardUseChecks.
 */
export const checkCardUses = async (
  tx: Tx,
  bill: { party: LedgerParty; uses: readonly CardUse[]; opens: number },
  earlier: readonly CardUse[],
): Promise<void> => {
  const { party, uses, opens } = bill;
  const at = uses[0]?.at ?? new Date();
  const day = shanghaiPeriod(at, 'day');
  const ids = uses.map((u) => u.memberCardId);
  const [hit, rules, done] = await pipelined(
    () => (uses.length || opens ? blacklisted(tx, party, formatDate(at), true) : Promise.resolve(null)),
    () =>
      uses.length
        ? tx
            .select({
              scope: useCardLimit.scope,
              storeId: useCardLimit.storeId,
              cardId: useCardLimit.cardId,
              maxDraws: useCardLimit.maxDraws,
              maxAmount: useCardLimit.maxAmount,
              maxStores: useCardLimit.maxStores,
              name: sql<string | null>`coalesce(${store.name}, ${card.name})`,
            })
            .from(useCardLimit)
            .leftJoin(store, eq(store.id, useCardLimit.storeId))
            .leftJoin(card, eq(card.id, useCardLimit.cardId))
            .where(
              and(
                eq(useCardLimit.enabled, true),
                or(
                  eq(useCardLimit.scope, 'chain'),
                  inArray(
                    useCardLimit.storeId,
                    uses.map((u) => u.cardStoreId),
                  ),
                  inArray(
                    useCardLimit.cardId,
                    uses.map((u) => u.cardId),
                  ),
                ),
              ),
            )
        : Promise.resolve([] as Rule[]),
    () =>
      uses.length
        ? tx
            .select({
              memberCardId: memberConsumeLine.memberCardId,
              draws: sql<number>`count(distinct ${memberConsume.id})::int`,
              amount: sql<number>`coalesce(sum(${memberConsumeLine.cardAmount}), 0)::int`,
              stores: sql<number[]>`array_agg(distinct ${memberConsume.storeId})`,
            })
            .from(memberConsumeLine)
            .innerJoin(memberConsume, eq(memberConsume.id, memberConsumeLine.consumeId))
            .where(
              and(
                inArray(memberConsumeLine.memberCardId, ids),
                inArray(memberConsumeLine.itemKind, ['project', 'product']),
                gte(memberConsume.consumedAt, day.start),
                lt(memberConsume.consumedAt, day.end),
                ne(memberConsume.status, 'closed'),
              ),
            )
            .groupBy(memberConsumeLine.memberCardId)
        : Promise.resolve([]),
  );
  if (hit) throw refuseBlacklisted(hit, uses.length ? '划卡' : '开卡');
  for (const u of uses) {
    const rule = ruleFor(rules, u);
    if (!rule) continue;
    const before = done.find((d) => d.memberCardId === u.memberCardId);
    const same = earlier.filter((p) => p.memberCardId === u.memberCardId && p.at >= day.start && p.at < day.end);
    const draws = Number(before?.draws ?? 0) + same.length;
    const amount = Number(before?.amount ?? 0) + same.reduce((n, p) => n + p.amount, 0);
    const stores = new Set([...(before?.stores ?? []).map(Number), ...same.map((p) => p.storeId)]);
    const refuse = (what: string) =>
      new BizError(
        ERR.SECURITY_CARD_LIMIT,
        `会员卡 ${u.cardNo} 超出用卡限制（${ruleName(rule)}：每卡每天${useCardLimitText(rule)}）：${what}`,
      );
    if (rule.maxDraws !== null && draws + 1 > rule.maxDraws) throw refuse(`今天已划卡 ${draws} 次`);
    if (rule.maxAmount !== null && amount + u.amount > rule.maxAmount) {
      throw refuse(`今天已划 ${formatYuan(amount)} 元，本次 ${formatYuan(u.amount)} 元`);
    }
    if (rule.maxStores !== null && !stores.has(u.storeId) && stores.size + 1 > rule.maxStores) {
      throw refuse(`今天已在 ${stores.size} 家门店划卡`);
    }
  }
};
