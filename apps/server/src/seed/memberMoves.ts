/**
 * Demo 闭店迁移 (modules/memberMoves): one open store — of the stores no other seed or test names,
 * the one with the most members holding value on its cards — is closed, its members moved to
 * another open store of the same region and level (so every card product stays usable), through
 * the module's services: the closure, the ledger's 迁出/迁入 rows, the successor cards, the
 * members' home stores and their switch records are the real ones.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { runClosure, startClosure } from '../modules/memberMoves/service';
import { memberCard } from '../modules/members/schema';
import { region, store } from '../modules/stores/schema';
import { HQ_SCOPE } from '../platform/scope';

/** Stores other seeds, tests and the e2e tests name: never closed by the demo (outside 华东大区 too, below). */
const NAMED = ['BJ001', 'BJ002', 'SH001', 'SH002', 'GZ001', 'HZ001', 'SZ001', 'CD001'];

export const seedMemberMoves = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  if (!admin) return;
  const holders = await tx
    .select({
      storeId: store.id,
      regionId: store.regionId,
      levelId: store.levelId,
      n: sql<number>`count(distinct ${memberCard.memberId})::int`,
    })
    .from(memberCard)
    .innerJoin(store, eq(store.id, memberCard.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(
      and(
        eq(store.status, 'open'),
        // Outside 华东大区: the region the report conformance test's regional user sees, so the
        // scope is seen cutting the closure's rows off.
        ne(region.name, '华东大区'),
        sql`${store.code} not in (${sql.join(
          NAMED.map((c) => sql`${c}`),
          sql`, `,
        )})`,
        sql`(coalesce(${memberCard.balance}, 0) > 0 or coalesce(${memberCard.bonusBalance}, 0) > 0 or ${memberCard.sessionsLeft} > 0)`,
      ),
    )
    .groupBy(store.id, store.regionId, store.levelId)
    .orderBy(sql`count(distinct ${memberCard.memberId}) desc`, asc(store.id));
  for (const closing of holders) {
    const [to] = await tx
      .select({ id: store.id })
      .from(store)
      .where(
        and(
          eq(store.status, 'open'),
          ne(store.id, closing.storeId),
          closing.regionId === null ? sql`${store.regionId} is null` : eq(store.regionId, closing.regionId),
          closing.levelId === null ? sql`${store.levelId} is null` : eq(store.levelId, closing.levelId),
        ),
      )
      .orderBy(asc(store.id))
      .limit(1);
    if (!to) continue;
    const c = await startClosure(
      tx,
      { userId: admin.id, scope: HQ_SCOPE },
      { storeId: closing.storeId, toStoreId: to.id, reason: '门店租约到期，会员并入同区门店' },
    );
    await runClosure(tx, c.id, admin.id, now);
    break;
  }
};
