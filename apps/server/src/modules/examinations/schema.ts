/**
 * 头皮检测 (contract entities/examination.ts): the items /detetionConfig declares, and the reports
 * the stores' devices send through the open API, each value with the item's setting (range and
 * thresholds) and its grade at that moment, so a later change of the items rewrites no report.
 */
import { EXAM_GRADES } from '@zb/contract/entities/examination';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { project } from '../goods/schema';
import { member } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const GRADES = EXAM_GRADES.map((g) => g.value);

export const examItem = pgTable(
  'exam_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    /** The normal range, in the unit. */
    low: integer('low').notNull(),
    high: integer('high').notNull(),
    /** How far outside the normal range a value is still 轻度 / 中度 (further: 重度). */
    mildLimit: integer('mild_limit').notNull(),
    moderateLimit: integer('moderate_limit').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('exam_item_code_uq').on(t.code),
    index('exam_item_sort_idx').on(t.sort, t.id),
    check('exam_item_range_chk', sql`${t.low} < ${t.high}`),
    check('exam_item_limits_chk', sql`${t.mildLimit} > 0 and ${t.mildLimit} < ${t.moderateLimit}`),
  ],
);

export const examination = pgTable(
  'examination',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 报告编号: JC and the id in ten digits. */
    reportNo: text('report_no').notNull().generatedAlwaysAs(sql`'JC' || lpad(id::text, 10, '0')`),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The technician who examined (a staff of the store); null when the device did not say. */
    staffId: integer('staff_id').references(() => staff.id),
    examinedAt: at('examined_at').notNull(),
    /** The worst grade of its values (EXAM_GRADES). */
    grade: text('grade').notNull(),
    itemCount: integer('item_count').notNull(),
    abnormalCount: integer('abnormal_count').notNull(),
    conclusion: text('conclusion'),
    /** Image URLs (the file store, as uploads are). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** The open-API client that sent it and the device's own number: unique per sender (idempotency). */
    clientId: integer('client_id').notNull(),
    outerNo: text('outer_no').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('examination_no_uq').on(t.reportNo),
    unique('examination_outer_uq').on(t.clientId, t.outerNo),
    index('examination_store_idx').on(t.storeId, t.examinedAt),
    index('examination_member_idx').on(t.memberId, t.examinedAt),
    index('examination_at_idx').on(t.examinedAt, t.id),
    oneOf('examination_grade_chk', t.grade, GRADES),
  ],
);

export const examinationValue = pgTable(
  'examination_value',
  {
    examinationId: integer('examination_id')
      .notNull()
      .references(() => examination.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    itemId: integer('item_id').references(() => examItem.id, { onDelete: 'set null' }),
    /** The item as it was when measured. */
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    unit: text('unit').notNull(),
    low: integer('low').notNull(),
    high: integer('high').notNull(),
    mildLimit: integer('mild_limit').notNull(),
    moderateLimit: integer('moderate_limit').notNull(),
    value: integer('value').notNull(),
    grade: text('grade').notNull(),
  },
  (t) => [
    primaryKey({ name: 'examination_value_pk', columns: [t.examinationId, t.seq] }),
    index('examination_value_item_idx').on(t.itemId),
    oneOf('examination_value_grade_chk', t.grade, GRADES),
  ],
);

export const examinationProject = pgTable(
  'examination_project',
  {
    examinationId: integer('examination_id')
      .notNull()
      .references(() => examination.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id),
  },
  (t) => [
    primaryKey({ name: 'examination_project_pk', columns: [t.examinationId, t.seq] }),
    index('examination_project_project_idx').on(t.projectId),
  ],
);
