/**
 * The rest of store management (SPEC §2.4): the barcode database, member receive records and
 * their lines, POS terminals with their binding history, and the swiftpass merchant of each
 * store. The model is docs/domain.md "Stores".
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { AREA_CODE_VALUES, oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { member } from '../members/schema';
import { store } from '../stores/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const byUser = (name: string) => integer(name).references(() => userAccount.id, { onDelete: 'set null' });

/** A barcode of a product and the pieces it stands for (1: a unit code; more: a box code). */
export const productBarcode = pgTable(
  'product_barcode',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    barcode: text('barcode').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    pieces: integer('pieces').notNull().default(1),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('product_barcode_barcode_uq').on(t.barcode),
    index('product_barcode_product_idx').on(t.productId),
    index('product_barcode_created_idx').on(t.createdAt, t.id),
    check('product_barcode_pieces_chk', sql`${t.pieces} between 1 and 9999`),
    check('product_barcode_digits_chk', sql`${t.barcode} ~ '^[0-9]{8,14}$'`),
  ],
);

/** A member's 领用 recorded for a store: 待审核 → 已通过 (stock out) / 已驳回. */
export const memberReceive = pgTable(
  'member_receive',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 领用单号: LY and the id in eight digits. */
    code: text('code').notNull().generatedAlwaysAs(sql`'LY' || lpad(id::text, 8, '0')`),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    /** The member whose phone (and area code) it is, if any; name and phone say who in any case. */
    memberId: integer('member_id').references(() => member.id, { onDelete: 'set null' }),
    memberName: text('member_name').notNull(),
    areaCode: text('area_code').notNull().default('0086'),
    memberPhone: text('member_phone').notNull(),
    note: text('note'),
    /** pending 待审核, approved 已通过, rejected 已驳回 (contract MEMBER_RECEIVE_STATUSES). */
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    createdBy: byUser('created_by'),
    createdAt: createdAt(),
    auditedBy: byUser('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (t) => [
    unique('member_receive_code_uq').on(t.code),
    index('member_receive_store_idx').on(t.storeId, t.createdAt),
    index('member_receive_status_idx').on(t.status, t.createdAt),
    index('member_receive_created_idx').on(t.createdAt, t.id),
    index('member_receive_phone_idx').on(t.memberPhone),
    index('member_receive_member_idx').on(t.memberId),
    check('member_receive_status_chk', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    oneOf('member_receive_area_code_chk', t.areaCode, AREA_CODE_VALUES),
    check(
      'member_receive_audit_chk',
      sql`(${t.status} = 'pending') = (${t.auditedAt} is null) and (${t.status} = 'rejected') = (${t.rejectReason} is not null)`,
    ),
  ],
);

/** What the member took: a product and a number of its units. */
export const memberReceiveLine = pgTable(
  'member_receive_line',
  {
    receiveId: integer('receive_id')
      .notNull()
      .references(() => memberReceive.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('member_receive_line_uq').on(t.receiveId, t.line),
    unique('member_receive_line_product_uq').on(t.receiveId, t.productId),
    index('member_receive_line_product_idx').on(t.productId),
    check('member_receive_line_qty_chk', sql`${t.quantity} > 0`),
  ],
);

/** A payment terminal; bound to at most one store at a time. */
export const posTerminal = pgTable(
  'pos_terminal',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sn: text('sn').notNull(),
    brand: text('brand').notNull(),
    model: text('model'),
    merchantNo: text('merchant_no').notNull(),
    /** active 在用, disabled 停用, repair 维修 (contract POS_STATUSES). */
    status: text('status').notNull().default('active'),
    note: text('note'),
    storeId: integer('store_id').references(() => store.id),
    /** When the current binding began; null while unbound. */
    boundAt: timestamp('bound_at', { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pos_terminal_sn_uq').on(t.sn).where(sql`${t.deletedAt} is null`),
    index('pos_terminal_store_idx').on(t.storeId),
    index('pos_terminal_created_idx').on(t.createdAt, t.id),
    check('pos_terminal_status_chk', sql`${t.status} in ('active', 'disabled', 'repair')`),
    check('pos_terminal_bound_chk', sql`(${t.storeId} is null) = (${t.boundAt} is null)`),
    check('pos_terminal_active_chk', sql`${t.status} <> 'active' or ${t.storeId} is not null`),
  ],
);

/** A terminal's periods at stores; the open one (unbound_at null) is its current binding. */
export const posTerminalBinding = pgTable(
  'pos_terminal_binding',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => posTerminal.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    boundBy: byUser('bound_by'),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    unboundBy: byUser('unbound_by'),
  },
  (t) => [
    index('pos_terminal_binding_terminal_idx').on(t.terminalId, t.boundAt),
    index('pos_terminal_binding_store_idx').on(t.storeId),
    uniqueIndex('pos_terminal_binding_open_uq').on(t.terminalId).where(sql`${t.unboundAt} is null`),
  ],
);

/** A store's 威富通 merchant; the key is kept encrypted with the server's cipher and never read back. */
export const swiftpassMerchant = pgTable(
  'swiftpass_merchant',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => store.id),
    merchantNo: text('merchant_no').notNull(),
    /** The signing key, encrypted (platform/crypto); null: not set. */
    signKey: text('sign_key'),
    subMerchantNo: text('sub_merchant_no'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedBy: byUser('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('swiftpass_merchant_store_uq').on(t.storeId),
    index('swiftpass_merchant_updated_idx').on(t.updatedAt, t.id),
  ],
);
