/** Store staff (SPEC §2.5; the staff file is docs/domain.md "Staff"). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AREA_CODE_VALUES, oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { masterItem } from '../master/schema';
import { store } from '../stores/schema';

const lookup = (name: string) => integer(name).references(() => masterItem.id, { onDelete: 'set null' });

/** The unique index on the phone; a unique violation naming it is "手机号已存在". */
export const STAFF_PHONE_KEY = 'staff_phone_key';

export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** A store with staff cannot be deleted (no cascade). */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    name: text('name').notNull(),
    genderId: lookup('gender_id'),
    areaCode: text('area_code').notNull().default('0086'),
    phone: text('phone').notNull(),
    positionId: lookup('position_id'),
    levelId: lookup('level_id'),
    educationId: lookup('education_id'),
    maritalStatusId: lookup('marital_status_id'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    leaveDate: date('leave_date', { mode: 'string' }),
    /** probation 试用期, active 在职, left 离职 (contract STAFF_STATUSES). */
    status: text('status').notNull().default('probation'),
    /** 增发师: qualified for hair growth (the /increaseHairStaff view). */
    hairGrowth: boolean('hair_growth').notNull().default(false),
    /** 医务监督 (the /medicalSupervisor view). */
    medicalSupervisor: boolean('medical_supervisor').notNull().default(false),
    /** [{ name, number, validUntil }] (contract certificatesSchema). */
    certificates: jsonb('certificates').notNull().default(sql`'[]'::jsonb`),
    accountId: integer('account_id').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_store_idx').on(t.storeId, t.entryDate),
    index('staff_entry_idx').on(t.entryDate, t.id),
    // The phone is the staff member's sign-in name, typed without its area code: one phone, one staff.
    uniqueIndex(STAFF_PHONE_KEY).on(t.phone),
    index('staff_account_idx').on(t.accountId),
    index('staff_hair_growth_idx').on(t.storeId).where(sql`${t.hairGrowth}`),
    index('staff_medical_idx').on(t.storeId).where(sql`${t.medicalSupervisor}`),
    check('staff_status_chk', sql`${t.status} in ('probation', 'active', 'left')`),
    oneOf('staff_area_code_chk', t.areaCode, AREA_CODE_VALUES),
    check('staff_leave_chk', sql`${t.leaveDate} is null or ${t.leaveDate} >= ${t.entryDate}`),
  ],
);
