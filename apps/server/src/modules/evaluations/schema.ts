/**
 * 评价 (contract entities/evaluation.ts): the settings (one row), the dimensions members score, the
 * evaluations of bills with their score per dimension, and each 差评's handling state (its history
 * is flow_event rows of BAD_REVIEW_FLOW). An evaluation keeps the scale and grade it arrived with.
 */
import { BAD_REVIEW_FLOW, EVA_INVITE_TIMINGS, EVA_LEVELS } from '@zb/contract/entities/evaluation';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** /evaluateSetting: one row (id 1), written whole by 保存. */
export const evaSetting = pgTable(
  'eva_setting',
  {
    id: integer('id').primaryKey().default(1),
    scaleMax: integer('scale_max').notNull().default(5),
    goodMin: integer('good_min').notNull().default(4),
    badMax: integer('bad_max').notNull().default(2),
    badAnyDimension: boolean('bad_any_dimension').notNull().default(true),
    inviteTiming: text('invite_timing').notNull().default('afterBill'),
    inviteDelayHours: integer('invite_delay_hours').notNull().default(2),
    validDays: integer('valid_days').notNull().default(7),
    notifyUserIds: integer('notify_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    updatedAt: at('updated_at'),
    updatedBy: integer('updated_by').references(() => userAccount.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('eva_setting_one_chk', sql`${t.id} = 1`),
    check(
      'eva_setting_scale_chk',
      sql`${t.scaleMax} between 3 and 10 and ${t.badMax} >= 1 and ${t.badMax} < ${t.goodMin} and ${t.goodMin} <= ${t.scaleMax}`,
    ),
    oneOf(
      'eva_setting_invite_chk',
      t.inviteTiming,
      EVA_INVITE_TIMINGS.map((o) => o.value),
    ),
  ],
);

export const evaDimension = pgTable(
  'eva_dimension',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('eva_dimension_code_uq').on(t.code), index('eva_dimension_sort_idx').on(t.sort, t.id)],
);

export const evaluation = pgTable(
  'evaluation',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 评价单号: PJ and the id in ten digits. */
    evaNo: text('eva_no').notNull().generatedAlwaysAs(sql`'PJ' || lpad(id::text, 10, '0')`),
    /** The open-API client that sent it and its own number: a retry answers the first. */
    clientId: integer('client_id'),
    outerNo: text('outer_no'),
    /** One evaluation per bill. */
    consumeId: integer('consume_id')
      .notNull()
      .references(() => memberConsume.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The staff rated (one who served the bill). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    scaleMax: integer('scale_max').notNull(),
    scoreSum: integer('score_sum').notNull(),
    scoreCount: integer('score_count').notNull(),
    /** scoreSum ÷ (scoreCount × scaleMax), basis points. */
    scoreRate: integer('score_rate').notNull(),
    level: text('level').notNull(),
    comment: text('comment').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    evaluatedAt: at('evaluated_at').notNull(),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    repliedBy: integer('replied_by').references(() => userAccount.id, { onDelete: 'set null' }),
    /** BAD_REVIEW_FLOW's state: none for an evaluation that is not 差评. */
    status: text('status').notNull().default('none'),
    handlerId: integer('handler_id').references(() => userAccount.id, { onDelete: 'set null' }),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('evaluation_eva_no_uq').on(t.evaNo),
    unique('evaluation_consume_uq').on(t.consumeId),
    unique('evaluation_outer_uq').on(t.clientId, t.outerNo),
    index('evaluation_store_at_idx').on(t.storeId, t.evaluatedAt),
    index('evaluation_at_idx').on(t.evaluatedAt, t.id),
    index('evaluation_staff_at_idx').on(t.staffId, t.evaluatedAt).where(sql`${t.staffId} is not null`),
    index('evaluation_bad_idx').on(t.status, t.evaluatedAt).where(sql`${t.level} = 'bad'`),
    oneOf(
      'evaluation_level_chk',
      t.level,
      EVA_LEVELS.map((o) => o.value),
    ),
    oneOf(
      'evaluation_status_chk',
      t.status,
      BAD_REVIEW_FLOW.states.map((o) => o.value),
    ),
    check(
      'evaluation_score_chk',
      sql`${t.scoreCount} > 0 and ${t.scoreSum} between ${t.scoreCount} and ${t.scoreCount} * ${t.scaleMax} and ${t.scoreRate} between 0 and 10000`,
    ),
  ],
);

export const evaluationScore = pgTable(
  'evaluation_score',
  {
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => evaluation.id, { onDelete: 'cascade' }),
    dimensionId: integer('dimension_id')
      .notNull()
      .references(() => evaDimension.id),
    score: integer('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluationId, t.dimensionId] }),
    index('evaluation_score_dimension_idx').on(t.dimensionId),
    check('evaluation_score_value_chk', sql`${t.score} >= 1 and ${t.score} <= 10`),
  ],
);
