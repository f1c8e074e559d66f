/**
 * 优惠券 (contract entities/coupon.ts): templates, the coupons issued to members, the coupon ledger
 * (append-only, one row per change of a coupon, unique by its idempotency key), the issues and
 * their failures (/couponsResend), and the 延期 applications decided in the approval center.
 */
import {
  COUPON_DELAY_STATUSES,
  COUPON_FAILURE_STATUSES,
  COUPON_ISSUE_SOURCES,
  COUPON_ISSUE_STATES,
  COUPON_KINDS,
  COUPON_LEDGER_KINDS,
  COUPON_SCOPES,
  COUPON_TEMPLATE_STATUSES,
  COUPON_VALIDITY_MODES,
  MEMBER_COUPON_STATUSES,
} from '@zb/contract/entities/coupon';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { crowdSnapshot } from '../crowds/schema';
import { member, memberConsume } from '../members/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const who = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });
const values = (list: readonly { value: string }[]) => list.map((o) => o.value);

export const couponTemplate = pgTable(
  'coupon_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** QT + the id (six digits), set in the creating transaction. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('draft'),
    /** 分: 满减's reduction, 代金's value. */
    amount: integer('amount'),
    /** 分: the applicable goods' amount a bill must reach (0: none). */
    threshold: integer('threshold').notNull().default(0),
    /** 折扣: basis points off (1500 = 8.5 折), and its cap in 分. */
    discountRate: integer('discount_rate'),
    maxDiscount: integer('max_discount'),
    goodsScope: text('goods_scope').notNull().default('all'),
    /** Normalised codes, comma-separated (projects or products). */
    goodsCodes: text('goods_codes'),
    storeScope: text('store_scope').notNull().default('all'),
    storeCodes: text('store_codes'),
    stackable: boolean('stackable').notNull().default(false),
    validityMode: text('validity_mode').notNull().default('days'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    validDays: integer('valid_days'),
    totalQuantity: integer('total_quantity').notNull(),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** Kept by the issuing service under the template's lock: never above total_quantity. */
    issuedQuantity: integer('issued_quantity').notNull().default(0),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    approvedBy: who('approved_by'),
    approvedAt: at('approved_at'),
  },
  (t) => [
    unique('coupon_template_code_uq').on(t.code),
    index('coupon_template_created_idx').on(t.createdAt, t.id),
    oneOf('coupon_template_kind_chk', t.kind, values(COUPON_KINDS)),
    oneOf('coupon_template_status_chk', t.status, values(COUPON_TEMPLATE_STATUSES)),
    oneOf('coupon_template_goods_scope_chk', t.goodsScope, values(COUPON_SCOPES)),
    oneOf('coupon_template_store_scope_chk', t.storeScope, values(COUPON_SCOPES)),
    oneOf('coupon_template_validity_mode_chk', t.validityMode, values(COUPON_VALIDITY_MODES)),
    check('coupon_template_issued_chk', sql`${t.issuedQuantity} between 0 and ${t.totalQuantity}`),
  ],
);

export const couponIssue = pgTable(
  'coupon_issue',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** What the source was: a store's name, a crowd's snapshot, a file. */
    label: text('label'),
    requested: integer('requested').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The job (a crowd's issue runs in batches): 进行中 until its snapshot is gone through. */
    state: text('state').notNull().default('done'),
    /** A crowd's issue: the snapshot it issues to, the members gone through, the last member id done. */
    snapshotId: integer('snapshot_id').references(() => crowdSnapshot.id, { onDelete: 'set null' }),
    done: integer('done').notNull().default(0),
    afterMemberId: integer('after_member_id').notNull().default(0),
    failure: text('failure'),
    finishedAt: at('finished_at'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_issue_template_idx').on(t.templateId, t.id),
    index('coupon_issue_running_idx').on(t.id).where(sql`${t.state} = 'running'`),
    oneOf('coupon_issue_source_chk', t.source, values(COUPON_ISSUE_SOURCES)),
    oneOf('coupon_issue_state_chk', t.state, values(COUPON_ISSUE_STATES)),
  ],
);

export const memberCoupon = pgTable(
  'member_coupon',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** QY + the id in ten digits (a generated column). */
    couponNo: text('coupon_no').notNull().generatedAlwaysAs(sql`'QY' || lpad(id::text, 10, '0')`),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    /** The member's home store at the issue: the coupon's data scope. */
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    issueId: integer('issue_id').references(() => couponIssue.id),
    source: text('source').notNull(),
    status: text('status').notNull().default('unused'),
    /** Beijing days, both included. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    /** While 已核销: the bill and the value it paid. */
    usedConsumeId: integer('used_consume_id').references(() => memberConsume.id),
    usedValue: integer('used_value'),
    usedAt: at('used_at'),
  },
  (t) => [
    unique('member_coupon_no_uq').on(t.couponNo),
    index('member_coupon_template_idx').on(t.templateId, t.status),
    index('member_coupon_member_idx').on(t.memberId, t.templateId),
    index('member_coupon_expiry_idx').on(t.validTo).where(sql`${t.status} = 'unused'`),
    index('member_coupon_consume_idx').on(t.usedConsumeId),
    oneOf('member_coupon_status_chk', t.status, values(MEMBER_COUPON_STATUSES)),
    oneOf('member_coupon_source_chk', t.source, values(COUPON_ISSUE_SOURCES)),
    check(
      'member_coupon_used_chk',
      sql`(${t.status} = 'used') = (${t.usedConsumeId} is not null and ${t.usedValue} is not null)`,
    ),
    check('member_coupon_valid_chk', sql`${t.validTo} >= ${t.validFrom}`),
  ],
);

export const couponLedger = pgTable(
  'coupon_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => memberCoupon.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    kind: text('kind').notNull(),
    /** The status after the row. */
    statusAfter: text('status_after').notNull(),
    /** 核销 / 退回: the bill, its store and the value paid (+ on 核销, − on 退回). */
    consumeId: integer('consume_id').references(() => memberConsume.id),
    storeId: integer('store_id').references(() => store.id),
    value: integer('value').notNull().default(0),
    /** 延期: the last day before and after. */
    validToBefore: date('valid_to_before', { mode: 'string' }),
    validToAfter: date('valid_to_after', { mode: 'string' }),
    /** The business record: coupon_issue, member_consume, refund, coupon_delay, expire (the day). */
    refType: text('ref_type').notNull(),
    refId: integer('ref_id'),
    /** Idempotency: one row per (coupon, change of one record). */
    key: text('key').notNull(),
    userId: who('user_id'),
    remark: text('remark'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    unique('coupon_ledger_key_uq').on(t.key),
    index('coupon_ledger_coupon_idx').on(t.couponId, t.id),
    index('coupon_ledger_template_idx').on(t.templateId, t.kind),
    index('coupon_ledger_consume_idx').on(t.consumeId),
    oneOf('coupon_ledger_kind_chk', t.kind, values(COUPON_LEDGER_KINDS)),
    oneOf('coupon_ledger_status_chk', t.statusAfter, values(MEMBER_COUPON_STATUSES)),
  ],
);

export const couponIssueFailure = pgTable(
  'coupon_issue_failure',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => couponIssue.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => member.id),
    /** What was asked: the member's phone or code. */
    target: text('target').notNull(),
    source: text('source').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('failed'),
    attempts: integer('attempts').notNull().default(1),
    resentCouponId: integer('resent_coupon_id').references(() => memberCoupon.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_issue_failure_created_idx').on(t.createdAt, t.id),
    index('coupon_issue_failure_template_idx').on(t.templateId, t.status),
    oneOf('coupon_issue_failure_status_chk', t.status, values(COUPON_FAILURE_STATUSES)),
    oneOf('coupon_issue_failure_source_chk', t.source, values(COUPON_ISSUE_SOURCES)),
  ],
);

export const couponDelay = pgTable(
  'coupon_delay',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    approvalId: integer('approval_id').references(() => approval.id, { onDelete: 'set null' }),
    couponIds: integer('coupon_ids').array().notNull(),
    days: integer('days').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    createdBy: who('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    unique('coupon_delay_approval_uq').on(t.approvalId),
    index('coupon_delay_created_idx').on(t.createdAt, t.id),
    oneOf('coupon_delay_status_chk', t.status, values(COUPON_DELAY_STATUSES)),
  ],
);
