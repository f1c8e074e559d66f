/**
 * The SCRM sync (contract entities/scrm.ts): WeCom's customer tags and the SCRM stores' staff's
 * customers read into scrm_wecom_tag and scrm_contact, then each enabled 联合标签 kept in step on
 * every contact linked to a member — the member's tags written through memberCare, WeCom's with
 * mark_tag. A WeCom refusal ends the run 失败 (the contacts read so far stay as they were).
 */

import type { ScrmRunResult, ScrmStatus, ScrmTagPick } from '@zb/contract/entities/scrm';
import { scrmRunText } from '@zb/contract/entities/scrm';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WxworkConfig } from '../../config';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { memberTag, memberTagMember } from '../memberCare/schema';
import { setManualTag } from '../memberCare/tags';
import { member } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { WecomError } from '../wxwork/client';
import { ScrmClient } from './client';
import { scrmContact, scrmRun, scrmTagLink, scrmWecomTag } from './schema';
import { SCRMSIM_IN_PROCESS_BASE, scrmSimulatorFetch } from './simulator';

/** The client: the configured WeCom, else this server's simulator (over HTTP when it listens). */
export const scrmClientOf = (db: Db, cfg: WxworkConfig, simulatorBase: string | null = null): ScrmClient => {
  const creds = { corpId: cfg.corpId, secret: cfg.secret };
  if (cfg.apiBase) return new ScrmClient({ base: cfg.apiBase, ...creds });
  if (simulatorBase) return new ScrmClient({ base: simulatorBase, ...creds });
  return new ScrmClient({ base: SCRMSIM_IN_PROCESS_BASE, ...creds, fetch: scrmSimulatorFetch(db, cfg) });
};

/** The WeCom members whose customers are read: the staff (by phone) of the stores with SCRM on. */
const scrmStaff = (db: Db) =>
  db
    .select({ id: staff.id, phone: staff.phone, storeId: staff.storeId })
    .from(staff)
    .innerJoin(store, eq(store.id, staff.storeId))
    .where(and(eq(store.scrmEnabled, true), sql`${staff.status} <> 'left'`))
    .orderBy(asc(staff.id));

const syncTags = async (db: Db, client: ScrmClient): Promise<number> => {
  const groups = await client.corpTags();
  const known = groups.flatMap((g) => g.tag.map((t) => ({ tagId: t.id, groupName: g.group_name, name: t.name })));
  let created = 0;
  const links = await db
    .select()
    .from(scrmTagLink)
    .where(and(eq(scrmTagLink.enabled, true), isNull(scrmTagLink.wecomTagId)));
  for (const l of links) {
    let found = known.find((k) => k.groupName === l.wecomGroup && k.name === l.wecomTagName);
    if (!found) {
      const tagId = await client.addCorpTag(l.wecomGroup, l.wecomTagName);
      found = { tagId, groupName: l.wecomGroup, name: l.wecomTagName };
      known.push(found);
      created++;
    }
    await db.update(scrmTagLink).set({ wecomTagId: found.tagId }).where(eq(scrmTagLink.id, l.id));
  }
  await db.transaction(async (tx) => {
    await tx.delete(scrmWecomTag);
    if (known.length) await tx.insert(scrmWecomTag).values(known);
  });
  return created;
};

/** Contacts upserted by one statement. */
const CONTACT_BATCH = 500;

const readContacts = async (db: Db, client: ScrmClient, now: Date) => {
  const people = await scrmStaff(db);
  const byPhone = new Map(people.map((p) => [p.phone, p]));
  const contacts = people.length ? await client.contactsOf(people.map((p) => p.phone)) : [];
  const phones = [...new Set(contacts.flatMap((c) => c.follow_info.remark_mobiles ?? []))];
  const members = phones.length
    ? await db.select({ id: member.id, phone: member.phone }).from(member).where(inArray(member.phone, phones))
    : [];
  const memberByPhone = new Map(members.map((m) => [m.phone, m.id]));
  const memberOf = (c: (typeof contacts)[number]) =>
    (c.follow_info.remark_mobiles ?? []).map((p) => memberByPhone.get(p)).find((id) => id) ?? null;
  // One row per contact and staff (a repeated one: the last wins), upserted CONTACT_BATCH at a time.
  const rows = new Map<string, typeof scrmContact.$inferInsert>();
  for (const c of contacts) {
    const s = byPhone.get(c.follow_info.userid);
    if (!s) continue;
    rows.set(`${c.external_contact.external_userid}\u0000${s.id}`, {
      externalUserId: c.external_contact.external_userid,
      staffId: s.id,
      storeId: s.storeId,
      memberId: memberOf(c),
      name: c.external_contact.name.slice(0, 60),
      addedAt: new Date(c.follow_info.createtime * 1000),
      tags: c.follow_info.tag_id ?? [],
      removedAt: null,
      seenAt: now,
    });
  }
  const all = [...rows.values()];
  let added = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < all.length; i += CONTACT_BATCH) {
      const written = await tx
        .insert(scrmContact)
        .values(all.slice(i, i + CONTACT_BATCH))
        .onConflictDoUpdate({
          target: [scrmContact.externalUserId, scrmContact.staffId],
          set: {
            storeId: sql`excluded.store_id`,
            memberId: sql`excluded.member_id`,
            name: sql`excluded.name`,
            tags: sql`excluded.tags`,
            removedAt: null,
            seenAt: now,
          },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      added += written.filter((r) => r.inserted).length;
    }
  });
  const removed = await db
    .update(scrmContact)
    .set({ removedAt: now })
    .where(and(isNull(scrmContact.removedAt), sql`${scrmContact.seenAt} < ${now.toISOString()}::timestamptz`))
    .returning({ id: scrmContact.id });
  return { contacts: contacts.length, added, removed: removed.length };
};

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));

/** Each enabled link on each present contact with a member: who wins is the link's direction. */
const syncLinks = async (db: Db, client: ScrmClient) => {
  const links = await db
    .select({
      tagId: scrmTagLink.memberTagId,
      wecomTagId: scrmTagLink.wecomTagId,
      direction: scrmTagLink.direction,
      kind: memberTag.kind,
    })
    .from(scrmTagLink)
    .innerJoin(memberTag, eq(memberTag.id, scrmTagLink.memberTagId))
    .where(and(eq(scrmTagLink.enabled, true), sql`${scrmTagLink.wecomTagId} is not null`));
  const contacts = await db
    .select({
      id: scrmContact.id,
      ext: scrmContact.externalUserId,
      memberId: scrmContact.memberId,
      tags: scrmContact.tags,
      synced: scrmContact.syncedTags,
      userid: staff.phone,
    })
    .from(scrmContact)
    .innerJoin(staff, eq(staff.id, scrmContact.staffId))
    .where(and(isNull(scrmContact.removedAt), sql`${scrmContact.memberId} is not null`))
    .orderBy(asc(scrmContact.id));
  const held = links.length
    ? await db
        .select({ tagId: memberTagMember.tagId, memberId: memberTagMember.memberId })
        .from(memberTagMember)
        .where(
          inArray(
            memberTagMember.tagId,
            links.map((l) => l.tagId),
          ),
        )
    : [];
  const has = new Set(held.map((h) => `${h.tagId}:${h.memberId}`));
  let toMembers = 0;
  let toWecom = 0;
  for (const c of contacts) {
    const add: string[] = [];
    const remove: string[] = [];
    const toMember: { tagId: number; on: boolean }[] = [];
    for (const l of links) {
      const id = l.wecomTagId!;
      const wecomHas = c.tags.includes(id);
      const memberHas = has.has(`${l.tagId}:${c.memberId}`);
      if (wecomHas === memberHas) continue;
      const wecomChanged = c.synced !== null && c.synced.includes(id) !== wecomHas;
      const fromWecom =
        l.kind === 'manual' &&
        (l.direction === 'fromWecom' || (l.direction === 'both' && (wecomChanged || (c.synced === null && wecomHas))));
      if (fromWecom) {
        toMember.push({ tagId: l.tagId, on: wecomHas });
        if (wecomHas) has.add(`${l.tagId}:${c.memberId}`);
        else has.delete(`${l.tagId}:${c.memberId}`);
      } else if (l.direction !== 'fromWecom') {
        (memberHas ? add : remove).push(id);
      }
    }
    // A transaction only for a contact whose member's tags change.
    if (toMember.length) {
      await db.transaction(async (tx) => {
        for (const m of toMember) if (await setManualTag(tx, m.tagId, c.memberId!, m.on)) toMembers++;
      });
    }
    if (add.length || remove.length) {
      await client.markTag(c.userid, c.ext, add, remove);
      toWecom += add.length + remove.length;
    }
    const tags = [...new Set([...c.tags.filter((t) => !remove.includes(t)), ...add])];
    // Written only when the contact's tags or their synced copy changed.
    if (!sameTags(tags, c.tags) || c.synced === null || !sameTags(tags, c.synced)) {
      await db.update(scrmContact).set({ tags, syncedTags: tags }).where(eq(scrmContact.id, c.id));
    }
  }
  return { toMembers, toWecom };
};

/** One sync: tags, contacts, then the linked tags both ways; recorded as a run. */
export const runScrmSync = async (db: Db, client: ScrmClient, now: Date = new Date()): Promise<ScrmRunResult> => {
  try {
    const tagsCreated = await syncTags(db, client);
    const read = await readContacts(db, client, now);
    const { toMembers, toWecom } = await syncLinks(db, client);
    const [{ linked }] = (await db
      .select({ linked: sql<number>`count(*)::int` })
      .from(scrmContact)
      .where(and(isNull(scrmContact.removedAt), sql`${scrmContact.memberId} is not null`))) as [{ linked: number }];
    const r: ScrmRunResult = {
      contacts: read.contacts,
      linked: Number(linked),
      added: read.added,
      removed: read.removed,
      tagsToMembers: toMembers,
      tagsToWecom: toWecom,
      tagsCreated,
    };
    await db.insert(scrmRun).values({ at: now, status: 'succeeded', text: scrmRunText(r) });
    return r;
  } catch (e) {
    if (!(e instanceof WecomError)) throw e;
    const text = `企业微信返回错误 ${e.errcode}：${e.errmsg}`;
    await db.insert(scrmRun).values({ at: now, status: 'failed', text });
    throw new BizError(ERR.SCRM_WECOM_FAILED, text);
  }
};

export const scrmStatus = async (db: Db, endpoint: string): Promise<ScrmStatus> => {
  const people = await scrmStaff(db);
  const [last] = await db.select().from(scrmRun).orderBy(desc(scrmRun.at), desc(scrmRun.id)).limit(1);
  return {
    endpoint,
    stores: new Set(people.map((p) => p.storeId)).size,
    staff: people.length,
    lastRun: last
      ? { at: last.at.toISOString(), status: last.status as 'succeeded' | 'failed', text: last.text }
      : null,
  };
};

export const scrmTagPicks = async (db: Db): Promise<ScrmTagPick[]> =>
  (
    await db
      .select({ value: memberTag.id, label: memberTag.name, kind: memberTag.kind })
      .from(memberTag)
      .orderBy(asc(memberTag.name))
  ).map((t) => ({ ...t, kind: t.kind as ScrmTagPick['kind'] }));
