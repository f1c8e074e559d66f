/** Statements sent together in one transaction (pipeline.ts): run in the order given, on both databases. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/testApp';
import type { DbHandle } from './client';
import { pipelined } from './pipeline';

let handle: DbHandle;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

beforeAll(async () => {
  handle = await openTestDb();
});

afterAll(() => handle.close());

describe('pipelined', () => {
  it('runs the statements in the order given: each sees what those before it wrote', async () => {
    const { db } = handle;
    const [, counted, , after] = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table pipe_t (n int) on commit drop`);
      return pipelined(
        () => tx.execute(sql`insert into pipe_t values (1), (2)`),
        () => tx.execute(sql`select count(*)::int as n from pipe_t`),
        () => tx.execute(sql`insert into pipe_t values (3)`),
        () => tx.execute(sql`select count(*)::int as n from pipe_t`),
      );
    });
    expect(rowsOf<{ n: number }>(counted).map((r) => Number(r.n))).toEqual([2]);
    expect(rowsOf<{ n: number }>(after).map((r) => Number(r.n))).toEqual([3]);
  });

  it('a failing statement fails the whole with its own error, and the transaction writes nothing', async () => {
    const { db } = handle;
    await db.execute(sql`create table if not exists pipe_u (n int primary key)`);
    const failed = await db
      .transaction((tx) =>
        pipelined(
          () => tx.execute(sql`insert into pipe_u values (1)`),
          () => tx.execute(sql`insert into pipe_u values (1)`),
          () => tx.execute(sql`insert into pipe_u values (2)`),
        ),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(String((failed as { cause?: unknown })?.cause ?? failed)).toMatch(/duplicate key|pipe_u_pkey/);
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pipe_u`));
    expect(Number(row!.n)).toBe(0);
  });
});
