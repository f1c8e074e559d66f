/**
 * Members as people (contract entities/memberCare.ts): tags and who holds them, the member's
 * file, the stores' follow-ups and remarks. A tag's `member_count` is kept by every write of its
 * holders in the same transaction (assign, unassign, evaluate), so the list reads it without
 * counting. A follow-up is 已完成 when it has a result (done_at); otherwise 待跟进 or, past its
 * due day (Beijing), 已逾期 — computed when read, never stored, so it cannot go stale.
 */
import {
  FOLLOW_CHANNELS,
  FOLLOW_KINDS,
  HAIR_TYPES,
  SCALP_TYPES,
  SERVICE_TIMES,
  TAG_COLORS,
  TAG_KINDS,
  type TagRule,
} from '@zb/contract/entities/memberCare';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const values = (list: readonly { value: string }[]) => list.map((o) => o.value);
const userRef = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

export const memberTag = pgTable(
  'member_tag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('manual'),
    color: text('color').notNull().default('blue'),
    /** A rule tag's conditions (TagRule); null for a manual tag. */
    rule: jsonb('rule').$type<TagRule>(),
    /** The rule in words (describeTagRule), written with it. */
    ruleText: text('rule_text'),
    enabled: boolean('enabled').notNull().default(true),
    description: text('description'),
    memberCount: integer('member_count').notNull().default(0),
    /** When a rule tag was last evaluated. */
    evaluatedAt: at('evaluated_at'),
    createdBy: userRef('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_tag_name_uq').on(t.name),
    index('member_tag_created_idx').on(t.createdAt, t.id),
    oneOf('member_tag_kind_chk', t.kind, values(TAG_KINDS)),
    oneOf('member_tag_color_chk', t.color, values(TAG_COLORS)),
    check('member_tag_rule_chk', sql`(${t.kind} = 'rule') = (${t.rule} is not null)`),
  ],
);

/** Who holds a tag: given by hand (manual tags) or by the rule's last evaluation (rule tags). */
export const memberTagMember = pgTable(
  'member_tag_member',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => memberTag.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    assignedBy: userRef('assigned_by'),
    assignedAt: at('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_tag_member_pk', columns: [t.tagId, t.memberId] }),
    // A member's tags; the crowd condition 会员标签 (exists by member and tag).
    index('member_tag_member_member_idx').on(t.memberId, t.tagId),
    oneOf('member_tag_member_source_chk', t.source, ['manual', 'rule']),
  ],
);

/** 会员档案: one per member. */
export const memberFile = pgTable(
  'member_file',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    hairType: text('hair_type'),
    scalpType: text('scalp_type'),
    concerns: text('concerns'),
    allergies: text('allergies'),
    preferredTime: text('preferred_time'),
    preferences: text('preferences'),
    remark: text('remark'),
    updatedBy: userRef('updated_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('member_file_member_uq').on(t.memberId),
    index('member_file_updated_idx').on(t.updatedAt, t.id),
    oneOf('member_file_hair_chk', t.hairType, values(HAIR_TYPES)),
    oneOf('member_file_scalp_chk', t.scalpType, values(SCALP_TYPES)),
    oneOf('member_file_time_chk', t.preferredTime, values(SERVICE_TIMES)),
  ],
);

/** A follow-up a store's staff owe a member (after a visit, care, recall), and its result. */
export const followUp = pgTable(
  'follow_up',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 跟进单号: GJ and the id in ten digits. */
    followNo: text('follow_no').notNull().generatedAlwaysAs(sql`'GJ' || lpad(id::text, 10, '0')`),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The visit's bill it follows. */
    consumeId: integer('consume_id').references(() => memberConsume.id, { onDelete: 'set null' }),
    content: text('content'),
    channel: text('channel'),
    result: text('result'),
    doneAt: at('done_at'),
    /** The open-API client that sent it and the sender's number (idempotency). */
    clientId: integer('client_id').notNull(),
    outerNo: text('outer_no').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('follow_up_no_uq').on(t.followNo),
    unique('follow_up_outer_uq').on(t.clientId, t.outerNo),
    index('follow_up_member_idx').on(t.memberId, t.dueDate),
    index('follow_up_store_idx').on(t.storeId, t.dueDate),
    index('follow_up_due_idx').on(t.dueDate, t.followNo),
    // 待跟进 / 已逾期: the open ones by day.
    index('follow_up_open_idx').on(t.dueDate).where(sql`${t.doneAt} is null`),
    index('follow_up_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
    index('follow_up_created_idx').on(t.createdAt, t.id),
    oneOf('follow_up_kind_chk', t.kind, values(FOLLOW_KINDS)),
    oneOf('follow_up_channel_chk', t.channel, values(FOLLOW_CHANNELS)),
    check('follow_up_done_chk', sql`(${t.doneAt} is null) = (${t.result} is null)`),
  ],
);

/** A store's remark on a member: one per store and member, the latest the store sent. */
export const memberRemark = pgTable(
  'member_remark',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    remark: text('remark').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    clientId: integer('client_id').notNull(),
    /** The sender's time of the remark: an older one arriving late does not replace a newer. */
    remarkedAt: at('remarked_at').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_remark_pk', columns: [t.memberId, t.storeId] }),
    index('member_remark_store_idx').on(t.storeId),
  ],
);
