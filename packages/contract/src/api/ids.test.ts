import { describe, expect, it } from 'vitest';
import { chosenIdOf, INT4_MAX, idOf, idParamOf, intParamOf } from './ids';
import { pagingQuery } from './paging';

describe('ids in a JSON body', () => {
  it('take a positive int4 JSON number and nothing that only looks like one', () => {
    const id = idOf('门店', '请选择门店');
    expect(id.parse(12)).toBe(12);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const v of [true, false, '1', '12', {}, [], [1], null, 0, -1, 1.5, INT4_MAX + 1, 1e20]) {
      expect(id.safeParse(v).success, JSON.stringify(v)).toBe(false);
    }
    expect(id.safeParse(true).error?.issues[0]?.message).toBe('请选择门店');
    expect(id.safeParse(-1).error?.issues[0]?.message).toBe('门店编号无效');
  });

  it('picked from a list say one message, whatever is wrong', () => {
    const pick = chosenIdOf('请选择商品');
    for (const v of [undefined, '1', 0, INT4_MAX + 1])
      expect(pick.safeParse(v).error?.issues[0]?.message).toBe('请选择商品');
  });
});

describe('ids and numbers in a query string or a path', () => {
  it('read decimal digits; a number passes again (an export job re-reads its query)', () => {
    const id = idParamOf('门店');
    expect(id.parse('12')).toBe(12);
    expect(id.parse(12)).toBe(12);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuse true, abc, 1e3, -1, 1.5, blanks, hex, arrays and what overflows int4', () => {
    const id = idParamOf('门店');
    for (const v of [
      'true',
      'abc',
      '1e3',
      '-1',
      '0',
      '1.5',
      ' 1',
      '',
      '0x10',
      ['1', '2'],
      '99999999999999999999',
      '2147483648',
    ]) {
      expect(id.safeParse(v).success, JSON.stringify(v)).toBe(false);
      expect(id.safeParse(v).error?.issues[0]?.message).toBe('门店编号无效');
    }
  });

  it('whole numbers keep their bounds and their sign', () => {
    const n = intParamOf('金额起');
    expect(n.parse('-5')).toBe(-5);
    expect(n.safeParse('99999999999999999999').success).toBe(false);
    expect(n.safeParse('2147483648').error?.issues[0]?.message).toBe(`金额起不能大于 ${INT4_MAX}`);
    expect(pagingQuery.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(pagingQuery.parse({ pageNo: '2', pageSize: '20' })).toEqual({ pageNo: 2, pageSize: 20 });
    expect(pagingQuery.safeParse({ pageNo: '0' }).error?.issues[0]?.message).toBe('页码从 1 开始');
    expect(pagingQuery.safeParse({ pageSize: 'true' }).success).toBe(false);
  });
});
