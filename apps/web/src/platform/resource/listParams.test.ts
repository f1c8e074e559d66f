import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { defineResource } from '@zb/contract/resource/define';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { exportQueryOf, listQueryOf, parseResourceParams, resourceSearch } from './listParams';
import { filtersFromForm, formFromFilters } from './searchValues';

const LOG = defineResource({
  name: 'sample',
  title: '样例',
  page: '/operationLog',
  api: '/rest/sample',
  rowLabel: 'name',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: {},
  fields: {
    name: { label: '名称', type: 'text', filter: 'like', list: true },
    amount: { label: '金额', type: 'money', filter: 'range', list: true },
    at: { label: '时间', type: 'datetime', filter: 'range', list: true, sort: true },
    kind: {
      label: '类型',
      type: 'enum',
      filter: 'in',
      options: [
        { value: 'a', label: '甲' },
        { value: 'b', label: '乙' },
      ],
    },
  },
});

const parse = (qs: string) => parseResourceParams(LOG, new URLSearchParams(qs));

describe('list params in the URL', () => {
  it('reads filters, sort and page, and writes them back the same', () => {
    const p = parse('name=店&atFrom=2026-11-01&atTo=2026-11-22&kind=a,b&sortBy=at&sortDir=asc&pageNo=3&pageSize=20');
    expect(p).toEqual({
      filters: { name: '店', atFrom: '2026-11-01', atTo: '2026-11-22', kind: 'a,b' },
      sortBy: 'at',
      sortDir: 'asc',
      pageNo: 3,
      pageSize: 20,
    });
    expect(parse(resourceSearch(p).slice(1))).toEqual(p);
  });

  it('drops what does not fit a field, so a bad link still opens', () => {
    const p = parse('atFrom=yesterday&amountFrom=lots&kind=a,z&sortBy=name&pageSize=7&unknown=1');
    expect(p.filters).toEqual({});
    expect(p.sortBy).toBeUndefined();
    expect(p.pageSize).toBe(10);
  });

  it('sends the list its page and the export only filters and sort', () => {
    const p = parse('name=店&sortBy=at&pageNo=2');
    expect(listQueryOf(p)).toEqual({ name: '店', sortBy: 'at', sortDir: 'asc', pageNo: 2, pageSize: 10 });
    expect(exportQueryOf(p)).toEqual({ name: '店', sortBy: 'at', sortDir: 'asc' });
  });

  it('keeps the page number in a reset URL (a kept-alive page reopens at its last query)', () => {
    expect(resourceSearch({ filters: {}, pageNo: 1, pageSize: 10 })).toBe('?pageNo=1');
  });
});

describe('search form values', () => {
  it('turns dates, money in 元 and multi-selects into URL filters and back', () => {
    const filters = filtersFromForm(LOG, {
      name: '  西湖 ',
      amountFrom: 12.5,
      amountTo: undefined,
      at: [dayjs('2026-11-01'), null],
      kind: ['a'],
    });
    expect(filters).toEqual({ name: '西湖', amountFrom: '1250', atFrom: '2026-11-01', kind: 'a' });
    const back = formFromFilters(LOG, filters);
    expect(back.amountFrom).toBe(12.5);
    expect((back.at as dayjs.Dayjs[])[0]?.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(back.kind).toEqual(['a']);
  });

  it('reads an equality filter of a bool as its text', () => {
    expect(filtersFromForm(MASTER_ITEM, { enabled: 'false', category: 'gender' })).toEqual({
      enabled: 'false',
      category: 'gender',
    });
  });
});
