/**
 * The member rollups (rollups.ts): after the demo seed, after writes through the ledger (cross-store,
 * backdated into a closed month) and after the month close, the kept rollups equal a rebuild from
 * the facts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { checkMemberRollups, rebuildMemberRollups } from './rollups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('member rollups', () => {
  it('after the demo seed, equal a rebuild from the card ledger', async () => {
    const check = await checkMemberRollups(t.db);
    expect(check.tables).toEqual([
      { table: 'member_flow_day', keptOnly: 0, rebuiltOnly: 0 },
      { table: 'member_flow_month', keptOnly: 0, rebuiltOnly: 0 },
      { table: 'member_balance_month', keptOnly: 0, rebuiltOnly: 0 },
    ]);
    expect(check.ok).toBe(true);
    const counts = await rebuildMemberRollups(t.db);
    expect(counts.memberFlowDay).toBeGreaterThan(0);
    expect((await checkMemberRollups(t.db)).ok).toBe(true);
  });
});
