/** COPY loading on both databases: every kind of value the generator writes arrives intact. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../modules/goods/schema';
import { operationLog } from '../platform/schema';
import { openTestDb } from '../testing/testApp';
import type { DbHandle } from './client';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDb();
});

afterAll(() => handle.close());

describe('copyIn', () => {
  it('loads text with tabs, newlines and backslashes, nulls, arrays and numbers', async () => {
    const rows = [
      {
        code: 'CP-1',
        name: '制表\t换行\n反斜杠\\',
        unit: '瓶',
        mlPerUnit: 500,
        retailPrice: 100,
        costPrice: 50,
        images: ['/a "b".png', 'c\\d'],
      },
      { code: 'CP-2', name: '第二行', unit: '盒', mlPerUnit: null, retailPrice: 0, costPrice: 0, images: [] },
    ];
    const n = await handle.copyIn(product, Object.keys(rows[0]!), rows);
    expect(n).toBe(2);
    const [one] = await handle.db.select().from(product).where(eq(product.code, 'CP-1'));
    expect(one).toMatchObject({ name: '制表\t换行\n反斜杠\\', mlPerUnit: 500, images: ['/a "b".png', 'c\\d'] });
    const [two] = await handle.db.select().from(product).where(eq(product.code, 'CP-2'));
    expect(two).toMatchObject({ mlPerUnit: null, images: [], status: 'on' });
  });

  it('loads json values and timestamps, from an async source of 3,000 rows', async () => {
    async function* many() {
      for (let i = 0; i < 3000; i++) {
        yield {
          action: 'copyTest',
          target: `t:${i}`,
          after: { i, note: '含"引号"\t' },
          at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
        };
      }
    }
    expect(await handle.copyIn(operationLog, ['action', 'target', 'after', 'at'], many())).toBe(3000);
    const rows = await handle.db.select().from(operationLog).where(eq(operationLog.action, 'copyTest'));
    expect(rows).toHaveLength(3000);
    const last = rows.find((r) => r.target === 't:2999')!;
    expect(last.after).toEqual({ i: 2999, note: '含"引号"\t' });
    expect(last.at.toISOString()).toBe('2025-01-01T00:49:59.000Z');
  });
});
