/**
 * The file store: files live in the database (stored_file + ~1 MB file_chunk rows), so every server
 * instance reads what any instance wrote. Writing and reading stream chunk by chunk: memory stays
 * flat whatever the file's size.
 */
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type FileKind, fileChunk, storedFile } from './schema';

export const CHUNK_SIZE = 1024 * 1024;

/*
 * Bytes travel as base64 text, decoded and encoded by the database: PGlite's binary parameter
 * path takes about a second per megabyte, base64 under a tenth of that; postgres-js is fast
 * either way, so one path serves both.
 */
const toBytea = (data: Buffer): SQL => sql`decode(${data.toString('base64')}, 'base64')`;
const fromBytea = sql<string>`encode(${fileChunk.data}, 'base64')`;

export interface FileMeta {
  ownerUserId: number | null;
  kind: FileKind;
  name: string;
  mime: string;
  expiresAt?: Date | null;
}

export interface StoredFileInfo {
  id: string;
  ownerUserId: number | null;
  kind: FileKind;
  name: string;
  mime: string;
  size: number;
  createdAt: Date;
  expiresAt: Date | null;
}

/** A Writable into the store; `id` is known at once, the file is readable once 'finish' has fired. */
export class FileWriter extends Writable {
  readonly id = randomUUID();
  /** Bytes written so far (the file's size once finished). */
  size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly meta: FileMeta,
  ) {
    super({ highWaterMark: CHUNK_SIZE });
  }

  override _construct(done: (err?: Error | null) => void): void {
    const { ownerUserId, kind, name, mime, expiresAt } = this.meta;
    this.db
      .insert(storedFile)
      .values({ id: this.id, ownerUserId, kind, name, mime, expiresAt: expiresAt ?? null })
      .then(() => done(), done);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    this.flushFull().then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    (async () => {
      await this.flushFull();
      if (this.pendingBytes > 0) await this.insertChunk(Buffer.concat(this.pending));
      this.pending = [];
      this.pendingBytes = 0;
      await this.db.update(storedFile).set({ size: this.size, chunkCount: this.seq }).where(eq(storedFile.id, this.id));
    })().then(() => done(), done);
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.pending = [];
    if (!err) {
      done(null);
      return;
    }
    // An aborted write leaves nothing behind.
    deleteFile(this.db, this.id).then(
      () => done(err),
      () => done(err),
    );
  }

  private async flushFull(): Promise<void> {
    while (this.pendingBytes >= CHUNK_SIZE) {
      const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
      const head = all.subarray(0, CHUNK_SIZE);
      const rest = all.subarray(CHUNK_SIZE);
      // Copy out of the concatenation so the next chunk does not keep this one's memory alive.
      this.pending = rest.length ? [Buffer.from(rest)] : [];
      this.pendingBytes = rest.length;
      await this.insertChunk(head);
    }
  }

  private async insertChunk(data: Buffer): Promise<void> {
    await this.db.insert(fileChunk).values({ fileId: this.id, seq: this.seq, data: toBytea(data) });
    this.seq += 1;
  }
}

export const createFileWriter = (db: Db, meta: FileMeta): FileWriter => new FileWriter(db, meta);

/** A finished file's description; null when unknown or still being written. */
export const statFile = async (db: Db, id: string): Promise<StoredFileInfo | null> => {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  if (!row || row.size === null) return null;
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    kind: row.kind,
    name: row.name,
    mime: row.mime,
    size: row.size,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
};

/** The file's bytes, read one chunk at a time as the consumer asks. */
export const readFile = (db: Db, id: string): Readable =>
  Readable.from(
    (async function* () {
      for (let seq = 0; ; seq += 1) {
        const [row] = await db
          .select({ data: fromBytea })
          .from(fileChunk)
          .where(and(eq(fileChunk.fileId, id), eq(fileChunk.seq, seq)));
        if (!row) return;
        yield Buffer.from(row.data, 'base64');
      }
    })(),
    { objectMode: false },
  );

/** The whole file in memory: only for small files (uploaded images). */
export const readFileBuffer = async (db: Db, id: string): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of readFile(db, id)) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

export const deleteFile = async (db: Db, id: string): Promise<void> => {
  await db.delete(storedFile).where(eq(storedFile.id, id));
};
