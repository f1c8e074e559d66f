/**
 * Promotion channels and their QR codes (contract entities/channel.ts). A code's `scans` and
 * `registrations` are kept by the writers of qr_scan and qr_registration in the same
 * transaction (service.ts), so the lists read them without counting; a code's numbers by day
 * count its own events (indexed by code and time).
 */
import { CHANNEL_KINDS, QR_OWNER_KINDS, QR_STATUSES, QR_TARGETS } from '@zb/contract/entities/channel';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userAccount } from '../accounts/schema';
import { member } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const values = (list: readonly { value: string }[]) => list.map((o) => o.value);

export const channel = pgTable(
  'channel',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('channel_name_uq').on(t.name), oneOf('channel_kind_chk', t.kind, values(CHANNEL_KINDS))],
);

export const qrCode = pgTable(
  'qr_code',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 二维码编号: QR and the id in eight digits. */
    code: text('code').notNull().generatedAlwaysAs(sql`'QR' || lpad(id::text, 8, '0')`),
    name: text('name').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channel.id),
    ownerKind: text('owner_kind').notNull(),
    /** The store of a store's code, and of a staff member's (their store when made): the data scope. */
    storeId: integer('store_id').references(() => store.id),
    staffId: integer('staff_id').references(() => staff.id),
    target: text('target').notNull(),
    pagePath: text('page_path'),
    params: text('params'),
    status: text('status').notNull().default('active'),
    scans: integer('scans').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
    createdBy: integer('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('qr_code_code_uq').on(t.code),
    index('qr_code_channel_idx').on(t.channelId),
    index('qr_code_store_idx').on(t.storeId),
    index('qr_code_created_idx').on(t.createdAt, t.code),
    oneOf('qr_code_owner_kind_chk', t.ownerKind, values(QR_OWNER_KINDS)),
    oneOf('qr_code_target_chk', t.target, values(QR_TARGETS)),
    oneOf('qr_code_status_chk', t.status, values(QR_STATUSES)),
    check(
      'qr_code_owner_chk',
      sql`(${t.ownerKind} = 'channel' and ${t.storeId} is null and ${t.staffId} is null)
        or (${t.ownerKind} = 'store' and ${t.storeId} is not null and ${t.staffId} is null)
        or (${t.ownerKind} = 'staff' and ${t.storeId} is not null and ${t.staffId} is not null)`,
    ),
  ],
);

/** One scan the mini-program reported; unique per sender's number (a retry counts once). */
export const qrScan = pgTable(
  'qr_scan',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    qrCodeId: integer('qr_code_id')
      .notNull()
      .references(() => qrCode.id),
    clientId: integer('client_id').notNull(),
    scanNo: text('scan_no').notNull(),
    openId: text('open_id'),
    scannedAt: at('scanned_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('qr_scan_sender_uq').on(t.clientId, t.scanNo),
    index('qr_scan_code_at_idx').on(t.qrCodeId, t.scannedAt),
  ],
);

/** A member attributed to the code they registered through: once per member, ever. */
export const qrRegistration = pgTable(
  'qr_registration',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id),
    qrCodeId: integer('qr_code_id')
      .notNull()
      .references(() => qrCode.id),
    /** The code's channel, store and staff when attributed. */
    channelId: integer('channel_id')
      .notNull()
      .references(() => channel.id),
    storeId: integer('store_id').references(() => store.id),
    staffId: integer('staff_id').references(() => staff.id),
    registeredAt: at('registered_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('qr_registration_member_uq').on(t.memberId),
    index('qr_registration_code_at_idx').on(t.qrCodeId, t.registeredAt),
  ],
);
