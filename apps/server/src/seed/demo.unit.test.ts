import { RESOURCES } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts';
import { codesOfGroups, DEMO_ROLES } from './demo';

describe('demo roles', () => {
  it('take the groups, their pages and the pages’ buttons from the route table', () => {
    const codes = codesOfGroups(['ZBHT-MDGL']);
    const expected = RESOURCES.filter(
      (r) =>
        r.code === 'ZBHT-MDGL' ||
        r.parentCode === 'ZBHT-MDGL' ||
        RESOURCES.some((p) => p.kind === 'page' && p.parentCode === 'ZBHT-MDGL' && r.parentCode === p.code),
    ).map((r) => r.code);
    expect([...codes].sort()).toEqual(expected.sort());
  });

  it('put headquarters roles at ids 1–5 and region roles after (role switching opens ids ≤ 5 in a new tab)', () => {
    const ids = (level: string) => DEMO_ROLES.flatMap((r, i) => (r.level === level ? [i + 1] : []));
    expect(Math.max(...ids('hq'))).toBeLessThanOrEqual(5);
    expect(Math.min(...ids('region'))).toBeGreaterThan(5);
  });

  it('give the two roles of 13800000001 different menus', () => {
    const ops = codesOfGroups(DEMO_ROLES.find((r) => r.code === 'HQ_OPS')!.groups);
    const supervisor = codesOfGroups(DEMO_ROLES.find((r) => r.code === 'REGION_SUPERVISOR')!.groups);
    expect(ops).not.toEqual(supervisor);
    expect(ops.has('ZBHT-JCGL')).toBe(false);
  });
});

describe('demo accounts', () => {
  it('are the nine of the README', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.login, a.password])).toEqual([
      ['admin', 'admin123'],
      ['13800000001', 'hq123456'],
      ['13800000002', 'region123'],
      ['13800000003', 'boss1234'],
      ['SYYG0001', 'store123'],
      ['13800000005', 'boss1234'],
      ['13800000006', 'boss1234'],
      ['13800000007', 'boss1234'],
      ['13800000008', 'boss1234'],
    ]);
  });
});
