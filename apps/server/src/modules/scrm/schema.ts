/**
 * 企业微信客户 (contract entities/scrm.ts): the links of member tags to WeCom customer tags, the
 * WeCom tags and contacts as the last sync read them, each sync run; and the state of the built-in
 * WeCom simulator's customer contacts (scrmsim_*), which stands where WeCom's own would be.
 */
import { SCRM_DIRECTIONS, SCRM_RUN_STATUSES } from '@zb/contract/entities/scrm';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { memberTag } from '../memberCare/schema';
import { member } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const scrmTagLink = pgTable(
  'scrm_tag_link',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberTagId: integer('member_tag_id')
      .notNull()
      .references(() => memberTag.id, { onDelete: 'cascade' }),
    wecomGroup: text('wecom_group').notNull(),
    wecomTagName: text('wecom_tag_name').notNull(),
    /** WeCom's id of the tag, once a sync found or created it. */
    wecomTagId: text('wecom_tag_id'),
    direction: text('direction').notNull().default('both'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('scrm_tag_link_member_tag_uq').on(t.memberTagId),
    unique('scrm_tag_link_wecom_uq').on(t.wecomGroup, t.wecomTagName),
    oneOf(
      'scrm_tag_link_direction_chk',
      t.direction,
      SCRM_DIRECTIONS.map((d) => d.value),
    ),
  ],
);

/** WeCom's customer tags, as the last sync read them. */
export const scrmWecomTag = pgTable('scrm_wecom_tag', {
  tagId: text('tag_id').primaryKey(),
  groupName: text('group_name').notNull(),
  name: text('name').notNull(),
});

/** A WeCom customer of a SCRM store's staff member (one row per staff member who added them). */
export const scrmContact = pgTable(
  'scrm_contact',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    externalUserId: text('external_user_id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** The member with the phone the staff noted (remark_mobiles); null: not a member (yet). */
    memberId: integer('member_id').references(() => member.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    addedAt: at('added_at').notNull(),
    /** When a sync no longer found the contact (deleted in WeCom); null while present. */
    removedAt: at('removed_at'),
    /** WeCom tag ids on the contact now, and as the last sync left them. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    syncedTags: text('synced_tags').array(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [
    unique('scrm_contact_uq').on(t.externalUserId, t.staffId),
    index('scrm_contact_store_idx').on(t.storeId, t.addedAt),
    index('scrm_contact_member_idx').on(t.memberId, t.storeId),
    index('scrm_contact_added_idx').on(t.addedAt),
  ],
);

export const scrmRun = pgTable(
  'scrm_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    status: text('status').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    index('scrm_run_at_idx').on(t.at),
    oneOf(
      'scrm_run_status_chk',
      t.status,
      SCRM_RUN_STATUSES.map((s) => s.value),
    ),
  ],
);

/** The simulator: WeCom's customer contacts of its members (userid = the staff's phone). */
export const scrmsimContact = pgTable(
  'scrmsim_contact',
  {
    externalUserId: text('external_user_id').notNull(),
    followUserId: text('follow_user_id').notNull(),
    name: text('name').notNull(),
    remarkMobile: text('remark_mobile'),
    createdAt: at('created_at').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ name: 'scrmsim_contact_pk', columns: [t.externalUserId, t.followUserId] }),
    index('scrmsim_contact_follow_idx').on(t.followUserId),
  ],
);

export const scrmsimTag = pgTable(
  'scrmsim_tag',
  {
    tagId: text('tag_id').primaryKey(),
    groupName: text('group_name').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('scrmsim_tag_uq').on(t.groupName, t.name)],
);
