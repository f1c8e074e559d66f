/**
 * The file store's tables: one `stored_file` row per file (exports and uploads) and its bytes in
 * `file_chunk` rows of about 1 MB, so every server instance reads the same files from the database.
 */
import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Node Buffer on both drivers (PGlite answers Uint8Array, postgres-js Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const FILE_KINDS = ['export', 'upload'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const storedFile = pgTable(
  'stored_file',
  {
    /** A random uuid: file URLs are not guessable. */
    id: text('id').primaryKey(),
    /** Who wrote it (the user who asked for the export or uploaded the image). */
    ownerUserId: integer('owner_user_id'),
    kind: text('kind').$type<FileKind>().notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    /** Null while the file is being written; set when the last chunk is in. */
    size: bigint('size', { mode: 'number' }),
    chunkCount: integer('chunk_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('stored_file_expires_idx').on(t.expiresAt), index('stored_file_owner_idx').on(t.ownerUserId)],
);

export const fileChunk = pgTable(
  'file_chunk',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
