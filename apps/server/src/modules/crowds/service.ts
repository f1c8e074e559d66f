/**
 * 人群: save (新增/编辑, the rule checked and counted), the live count, snapshots (the members a
 * crowd selects frozen at a moment) and their members, the export of a snapshot through the
 * download centre, and the list on the resource engine.
 *
 * Data scope: a crowd is head office's definition, but its members are counted, frozen and read
 * only within the caller's stores; a condition naming a store or region outside them is refused.
 *
 * For other modules (coupons issued to a crowd): `snapshotCrowd(tx, crowdId, by)` freezes a crowd
 * in the caller's transaction, `crowdMemberIds(db, snapshotId, afterId, limit)` pages its members.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { Page } from '@zb/contract/api/paging';
import {
  CROWD,
  CROWD_CONDITION_KINDS,
  type CrowdForm,
  type CrowdMemberRow,
  type CrowdNames,
  type CrowdOptions,
  type CrowdRule,
  type CrowdSaved,
  type CrowdSnapshotRow,
  type CrowdView,
  crowdRule,
  describeRule,
} from '@zb/contract/entities/crowd';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { findRow } from '../../platform/resource/query';
import { type DataScope, HQ_SCOPE, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { card } from '../goods/schema';
import { masterItem } from '../master/schema';
import { memberTag } from '../memberCare/schema';
import { foldCardExpiries } from '../members/rollups';
import { member } from '../members/schema';
import { region, store } from '../stores/schema';
import { crowdCountSql, crowdWhere } from './compile';
import { crowd, crowdSnapshot, crowdSnapshotMember } from './schema';

const NOT_FOUND = '该人群不存在或已被删除';
const SNAPSHOT_NOT_FOUND = '该快照不存在或已被删除';

const creator = alias(userAccount, 'creator');

/** /crowdManagement: read, 导出, 删除 (its snapshots with it). */
export const crowdBinding = bindResource({
  decl: CROWD,
  table: crowd,
  id: crowd.id,
  columns: {
    snapshotCount: sql<number>`(select count(*)::int from crowd_snapshot s where s.crowd_id = "crowd"."id")`,
    createdByName: creator.nickname,
  },
  joins: [{ table: creator, on: eq(creator.id, crowd.createdBy) }],
});

// ---------------------------------------------------------------------------------------------
// Names and checks of the ids a rule refers to.

const idsOf = (rule: CrowdRule) => {
  const all = rule.groups.flat();
  const pick = <K extends string>(key: K) => [
    ...new Set(all.flatMap((c) => ((c as Record<string, unknown>)[key] as number[] | undefined) ?? [])),
  ];
  return {
    stores: pick('storeIds'),
    regions: pick('regionIds'),
    levels: pick('levelIds'),
    genders: pick('genderIds'),
    cards: pick('cardIds'),
    tags: pick('tagIds'),
  };
};

const toMap = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

/** Regions a caller may name: every region for head office, their own for a region role, none for a store. */
const regionScope = (scope: DataScope) =>
  scope.level === 'hq' ? undefined : scope.level === 'region' ? inArray(region.id, [...scope.regionIds]) : sql`false`;

const masterNames = async (db: Db | Tx, category: string, ids: number[]) =>
  ids.length
    ? toMap(
        await db
          .select({ id: masterItem.id, name: masterItem.name })
          .from(masterItem)
          .where(and(eq(masterItem.category, category), inArray(masterItem.id, ids))),
      )
    : new Map<number, string>();

/** The names of the rule's ids that exist and that the caller may name (stores and regions of their scope). */
const namesOf = async (db: Db | Tx, rule: CrowdRule, scope: DataScope): Promise<CrowdNames> => {
  const ids = idsOf(rule);
  const [stores, regions, levels, genders, cards, tags] = await Promise.all([
    ids.stores.length
      ? db
          .select({ id: store.id, name: store.name })
          .from(store)
          .where(and(inArray(store.id, ids.stores), storeTableScope(scope)))
      : [],
    ids.regions.length
      ? db
          .select({ id: region.id, name: region.name })
          .from(region)
          .where(and(inArray(region.id, ids.regions), regionScope(scope)))
      : [],
    masterNames(db, 'memberLevel', ids.levels),
    masterNames(db, 'gender', ids.genders),
    ids.cards.length ? db.select({ id: card.id, name: card.name }).from(card).where(inArray(card.id, ids.cards)) : [],
    ids.tags.length
      ? db
          .select({ id: memberTag.id, name: memberTag.name })
          .from(memberTag)
          .where(and(inArray(memberTag.id, ids.tags), eq(memberTag.enabled, true)))
      : [],
  ]);
  return { stores: toMap(stores), regions: toMap(regions), levels, genders, cards: toMap(cards), tags: toMap(tags) };
};

/** Every id named must be known (and, for stores and regions, in the caller's scope): CROWD-40001 otherwise. */
const checkRule = (rule: CrowdRule, names: CrowdNames): void => {
  const checks: [keyof CrowdNames, string, string][] = [
    ['stores', 'storeIds', '所选门店不存在或不在您的数据范围内'],
    ['regions', 'regionIds', '所选大区不存在或不在您的数据范围内'],
    ['levels', 'levelIds', '所选会员等级不存在'],
    ['genders', 'genderIds', '所选性别不存在'],
    ['cards', 'cardIds', '所选卡项不存在'],
    ['tags', 'tagIds', '所选会员标签不存在或已停用'],
  ];
  for (const [gi, g] of rule.groups.entries()) {
    for (const [ci, c] of g.entries()) {
      for (const [map, key, message] of checks) {
        const list = ((c as Record<string, unknown>)[key] as number[] | undefined) ?? [];
        const bad = list.find((id) => !names[map].has(id));
        if (bad !== undefined) {
          const where = `第 ${gi + 1} 组第 ${ci + 1} 个条件（${CROWD_CONDITION_KINDS[c.kind].label}）`;
          throw new BizError(ERR.CROWD_CONDITION_INVALID, `${where}：${message}（编号 ${bad}）`, {
            fields: { [`rule.groups.${gi}.${ci}.${key}`]: message },
          });
        }
      }
    }
  }
};

/** The rule checked against the caller's scope, and its words. */
export const checkedSummary = async (db: Db | Tx, rule: CrowdRule, scope: DataScope): Promise<string> => {
  const names = await namesOf(db, rule, scope);
  checkRule(rule, names);
  return describeRule(rule, names);
};

// ---------------------------------------------------------------------------------------------
// Counting.

const countIn = async (db: Db | Tx, rule: CrowdRule, scope: DataScope): Promise<number> => {
  const [row] = rowsOf<{ n: number }>(await db.execute(crowdCountSql(rule, scope)));
  return Number(row?.n ?? 0);
};

/** The live count: members of the caller's stores the rule selects now. */
export const countCrowd = async (db: Db, auth: Auth, rule: CrowdRule): Promise<{ count: number }> => {
  await checkedSummary(db, rule, auth.scope);
  await foldCardExpiries(db);
  return { count: await countIn(db, rule, auth.scope) };
};

// ---------------------------------------------------------------------------------------------
// Save.

const may = (auth: Auth, button: string): boolean =>
  auth.user.isAdmin || !!auth.codes?.has(buttonCodeOf('/crowdManagement', button));

const rowOf = (tx: Tx, id: number) => findRow(tx, crowdBinding, HQ_SCOPE, id);

/**
 * Creates (no id) or updates a crowd in the caller's transaction: the rule checked against the
 * saver's scope and counted in it, the words kept, the operation logged.
 */
export const writeCrowd = async (
  tx: Tx,
  by: { userId: number; scope: DataScope },
  body: CrowdForm,
): Promise<CrowdSaved> => {
  const summary = await checkedSummary(tx, body.rule, by.scope);
  const n = await countIn(tx, body.rule, by.scope);
  const values = {
    name: body.name,
    description: body.description || null,
    rule: body.rule,
    summary,
    lastCount: n,
    lastCountedAt: sql`now()`,
    updatedBy: by.userId,
    updatedAt: sql`now()`,
  };
  if (body.id) {
    const before = await rowOf(tx, body.id);
    if (!before) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
    await tx.update(crowd).set(values).where(eq(crowd.id, body.id));
    await recordOperation(tx, {
      userId: by.userId,
      action: 'crowd.update',
      target: `crowd:${body.id}`,
      before,
      after: await rowOf(tx, body.id),
    });
    return { id: body.id, count: n };
  }
  const [row] = await tx
    .insert(crowd)
    .values({ ...values, createdBy: by.userId })
    .returning({ id: crowd.id });
  const id = row!.id;
  await recordOperation(tx, {
    userId: by.userId,
    action: 'crowd.create',
    target: `crowd:${id}`,
    after: await rowOf(tx, id),
  });
  return { id, count: n };
};

export const saveCrowd = async (db: Db, auth: Auth, body: CrowdForm): Promise<CrowdSaved> => {
  const button = body.id ? 'edit' : 'add';
  if (!may(auth, button)) throw new BizError(ERR.FORBIDDEN, body.id ? '您没有编辑人群的权限' : '您没有新增人群的权限');
  await foldCardExpiries(db);
  return db.transaction((tx) => writeCrowd(tx, { userId: auth.user.id, scope: auth.scope }, body));
};

// ---------------------------------------------------------------------------------------------
// Reading.

export const viewCrowd = async (db: Db, id: number): Promise<CrowdView> => {
  const [row] = await db
    .select({ c: crowd, createdByName: creator.nickname })
    .from(crowd)
    .leftJoin(creator, eq(creator.id, crowd.createdBy))
    .where(eq(crowd.id, id));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  const { c } = row;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    rule: crowdRule.parse(c.rule),
    summary: c.summary,
    lastCount: c.lastCount,
    lastCountedAt: c.lastCountedAt ? formatDateTime(c.lastCountedAt) : null,
    createdByName: row.createdByName,
    createdAt: formatDateTime(c.createdAt),
  };
};

/** The builder's choices: stores and regions of the caller's scope, levels, genders, card products. */
export const crowdOptions = async (db: Db, scope: DataScope): Promise<CrowdOptions> => {
  const master = (category: string) =>
    db
      .select({ id: masterItem.id, name: masterItem.name })
      .from(masterItem)
      .where(eq(masterItem.category, category))
      .orderBy(asc(masterItem.sort), asc(masterItem.id));
  const [stores, regions, levels, genders, cards, tags] = await Promise.all([
    db
      .select({ id: store.id, name: store.name, regionId: store.regionId })
      .from(store)
      .where(storeTableScope(scope))
      .orderBy(asc(store.id)),
    db.select({ id: region.id, name: region.name }).from(region).where(regionScope(scope)).orderBy(asc(region.id)),
    master('memberLevel'),
    master('gender'),
    db.select({ id: card.id, name: card.name, kind: card.kind }).from(card).orderBy(asc(card.code)),
    db
      .select({ id: memberTag.id, name: memberTag.name })
      .from(memberTag)
      .where(eq(memberTag.enabled, true))
      .orderBy(asc(memberTag.name)),
  ]);
  return { stores, regions, levels, genders, cards, tags };
};

// ---------------------------------------------------------------------------------------------
// Snapshots.

/**
 * Freezes the members of `by.scope`'s stores the crowd selects now, in the caller's transaction:
 * a crowd_snapshot row (its rule, words and count) and one crowd_snapshot_member row a member.
 * Call foldCardExpiries(db) before the transaction, as the counts do.
 */
export const snapshotCrowd = async (
  tx: Tx,
  crowdId: number,
  by: { scope: DataScope; userId: number | null },
): Promise<{ snapshotId: number; count: number }> => {
  const [c] = await tx
    .select({ rule: crowd.rule, summary: crowd.summary })
    .from(crowd)
    .where(eq(crowd.id, crowdId))
    .for('update');
  if (!c) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  const rule = crowdRule.parse(c.rule);
  const [s] = await tx
    .insert(crowdSnapshot)
    .values({ crowdId, rule, summary: c.summary, count: 0, createdBy: by.userId })
    .returning({ id: crowdSnapshot.id });
  const snapshotId = s!.id;
  await tx.execute(
    sql`insert into crowd_snapshot_member (snapshot_id, member_id)
      select ${snapshotId}::int, ${member.id} from ${member} where ${crowdWhere(rule, by.scope)}`,
  );
  const [counted] = await tx
    .update(crowdSnapshot)
    .set({ count: sql`(select count(*)::int from crowd_snapshot_member m where m.snapshot_id = ${snapshotId}::int)` })
    .where(eq(crowdSnapshot.id, snapshotId))
    .returning({ count: crowdSnapshot.count });
  const n = counted!.count;
  await tx.update(crowd).set({ lastCount: n, lastCountedAt: sql`now()` }).where(eq(crowd.id, crowdId));
  return { snapshotId, count: n };
};

/** A snapshot's member ids after `afterId`, ascending, at most `limit` (keyset paging for issuers). */
export const crowdMemberIds = async (db: Db | Tx, snapshotId: number, afterId: number, limit: number) =>
  (
    await db
      .select({ id: crowdSnapshotMember.memberId })
      .from(crowdSnapshotMember)
      .where(and(eq(crowdSnapshotMember.snapshotId, snapshotId), gt(crowdSnapshotMember.memberId, afterId)))
      .orderBy(asc(crowdSnapshotMember.memberId))
      .limit(limit)
  ).map((r) => r.id);

/** 生成快照 from the detail page: frozen in the caller's scope, logged. */
export const takeSnapshot = async (db: Db, auth: Auth, crowdId: number) => {
  await foldCardExpiries(db);
  return db.transaction(async (tx) => {
    const out = await snapshotCrowd(tx, crowdId, { scope: auth.scope, userId: auth.user.id });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'crowd.snapshot',
      target: `crowd:${crowdId}`,
      after: out,
    });
    return out;
  });
};

const snapshotCreator = alias(userAccount, 'snapshot_creator');

export const listSnapshots = async (
  db: Db,
  q: { crowdId: number; pageNo: number; pageSize: number },
): Promise<Page<CrowdSnapshotRow>> => {
  const where = eq(crowdSnapshot.crowdId, q.crowdId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: crowdSnapshot, createdByName: snapshotCreator.nickname })
      .from(crowdSnapshot)
      .leftJoin(snapshotCreator, eq(snapshotCreator.id, crowdSnapshot.createdBy))
      .where(where)
      .orderBy(desc(crowdSnapshot.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(crowdSnapshot).where(where),
  ]);
  return {
    list: rows.map(({ s, createdByName }) => ({
      id: s.id,
      crowdId: s.crowdId,
      count: s.count,
      summary: s.summary,
      createdByName,
      createdAt: formatDateTime(s.createdAt),
    })),
    total: Number(total?.n ?? 0),
  };
};

const level = alias(masterItem, 'member_level');

/** A snapshot's members of the caller's stores, from member id `afterId` on (or by page). */
const memberRows = (db: Db, snapshotId: number, scope: DataScope, after = 0) =>
  db
    .select({
      id: member.id,
      code: member.code,
      name: member.name,
      phone: member.phone,
      storeName: store.name,
      levelName: level.name,
      lastVisitDay: member.lastVisitDay,
      storedValid: member.storedValid,
      joinedAt: member.joinedAt,
    })
    .from(crowdSnapshotMember)
    .innerJoin(member, eq(member.id, crowdSnapshotMember.memberId))
    .innerJoin(store, eq(store.id, member.storeId))
    .leftJoin(level, eq(level.id, member.levelId))
    .where(
      and(
        eq(crowdSnapshotMember.snapshotId, snapshotId),
        after > 0 ? gt(crowdSnapshotMember.memberId, after) : undefined,
        storeScopeFilter(scope, member.storeId),
      ),
    );

export const snapshotExists = async (db: Db, snapshotId: number): Promise<void> => {
  const [s] = await db.select({ id: crowdSnapshot.id }).from(crowdSnapshot).where(eq(crowdSnapshot.id, snapshotId));
  if (!s) throw new BizError(ERR.RECORD_NOT_FOUND, SNAPSHOT_NOT_FOUND);
};

export const countSnapshotMembers = async (db: Db, snapshotId: number, scope: DataScope): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(crowdSnapshotMember)
    .innerJoin(member, eq(member.id, crowdSnapshotMember.memberId))
    .where(and(eq(crowdSnapshotMember.snapshotId, snapshotId), storeScopeFilter(scope, member.storeId)));
  return Number(row?.n ?? 0);
};

const rowOut = (r: Awaited<ReturnType<typeof memberRows>>[number]): CrowdMemberRow => ({
  ...r,
  joinedAt: formatDateTime(r.joinedAt),
});

export const listSnapshotMembers = async (
  db: Db,
  scope: DataScope,
  q: { snapshotId: number; pageNo: number; pageSize: number },
): Promise<Page<CrowdMemberRow>> => {
  await snapshotExists(db, q.snapshotId);
  const [rows, total] = await Promise.all([
    memberRows(db, q.snapshotId, scope)
      .orderBy(asc(crowdSnapshotMember.memberId))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    countSnapshotMembers(db, q.snapshotId, scope),
  ]);
  return { list: rows.map(rowOut), total };
};

/** Keyset pages of a snapshot's members of the scope (the export's rows). */
export async function* snapshotMemberPages(db: Db, snapshotId: number, scope: DataScope, size = 1000) {
  let after = 0;
  for (;;) {
    const rows = await memberRows(db, snapshotId, scope, after).orderBy(asc(crowdSnapshotMember.memberId)).limit(size);
    if (rows.length === 0) return;
    yield rows.map(rowOut);
    after = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}
