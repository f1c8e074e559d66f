import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { openTestDb } from '../../testing/testApp';
import { fileChunk, storedFile } from './schema';
import { CHUNK_SIZE, createFileWriter, deleteFile, readFile, readFileBuffer, statFile } from './store';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(() => handle.close());

const chunksOf = async (id: string) =>
  Number((await handle.db.select({ n: count() }).from(fileChunk).where(eq(fileChunk.fileId, id)))[0]!.n);

/** Writes the bytes in pieces of the given size, as a stream producer would. */
const store = async (bytes: Buffer, piece: number) => {
  const writer = createFileWriter(handle.db, {
    ownerUserId: null,
    kind: 'upload',
    name: '测试.bin',
    mime: 'application/octet-stream',
  });
  const pieces = function* () {
    for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
  };
  await pipeline(Readable.from(pieces()), writer);
  return writer.id;
};

describe('the file store', () => {
  it('round-trips a small file byte for byte, with its description', async () => {
    const bytes = Buffer.from('总部后台 file store — 你好');
    const id = await store(bytes, 5);
    expect(await readFileBuffer(handle.db, id)).toEqual(bytes);
    const info = await statFile(handle.db, id);
    expect(info).toMatchObject({ id, kind: 'upload', name: '测试.bin', size: bytes.length });
    expect(await chunksOf(id)).toBe(1);
  });

  it('splits a multi-megabyte file into 1 MB chunks and streams it back in order', async () => {
    const bytes = randomBytes(CHUNK_SIZE * 2 + 12_345);
    const id = await store(bytes, 64 * 1024 + 7);
    expect(await chunksOf(id)).toBe(3);
    const parts: Buffer[] = [];
    for await (const part of readFile(handle.db, id)) parts.push(part as Buffer);
    expect(parts.map((p) => p.length)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 12_345]);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect((await statFile(handle.db, id))?.size).toBe(bytes.length);
  });

  it('keeps an empty file as an empty file', async () => {
    const writer = createFileWriter(handle.db, {
      ownerUserId: null,
      kind: 'export',
      name: 'empty',
      mime: 'text/plain',
    });
    writer.end();
    await new Promise((r) => writer.on('finish', r));
    expect((await statFile(handle.db, writer.id))?.size).toBe(0);
    expect((await readFileBuffer(handle.db, writer.id)).length).toBe(0);
  });

  it('does not describe a file still being written', async () => {
    const writer = createFileWriter(handle.db, { ownerUserId: null, kind: 'export', name: 'half', mime: 'text/plain' });
    writer.write(Buffer.alloc(10));
    await new Promise((r) => setTimeout(r, 50));
    expect(await statFile(handle.db, writer.id)).toBeNull();
    writer.end();
    await new Promise((r) => writer.on('finish', r));
    expect((await statFile(handle.db, writer.id))?.size).toBe(10);
  });

  it('deletes a file with its chunks', async () => {
    const id = await store(randomBytes(CHUNK_SIZE + 1), CHUNK_SIZE);
    expect(await chunksOf(id)).toBe(2);
    await deleteFile(handle.db, id);
    expect(await statFile(handle.db, id)).toBeNull();
    expect(await chunksOf(id)).toBe(0);
    expect(await handle.db.select().from(storedFile).where(eq(storedFile.id, id))).toEqual([]);
  });

  it('leaves nothing behind when a write is aborted', async () => {
    const writer = createFileWriter(handle.db, {
      ownerUserId: null,
      kind: 'export',
      name: 'aborted',
      mime: 'text/plain',
    });
    writer.write(randomBytes(CHUNK_SIZE + 10));
    await new Promise((r) => setTimeout(r, 100));
    writer.on('error', () => {});
    writer.destroy(new Error('boom'));
    await new Promise((r) => writer.on('close', r));
    expect(await handle.db.select().from(storedFile).where(eq(storedFile.id, writer.id))).toEqual([]);
    expect(await chunksOf(writer.id)).toBe(0);
  });
});
