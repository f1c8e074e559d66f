import { describe, expect, it } from 'vitest';
import { nextPaging, parsePaging, searchOf, writePaging } from './paging';

describe('a list page in the URL', () => {
  it('reads pageNo and pageSize, falling back on anything malformed', () => {
    expect(parsePaging(new URLSearchParams('pageNo=3&pageSize=50'))).toEqual({ pageNo: 3, pageSize: 50 });
    expect(parsePaging(new URLSearchParams('pageNo=0&pageSize=7'))).toEqual({ pageNo: 1, pageSize: 10 });
    expect(parsePaging(new URLSearchParams('pageNo=x&pageSize=1.5'))).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('writes only what differs from the first page of the default size, unless told', () => {
    const s = new URLSearchParams();
    writePaging(s, { pageNo: 1, pageSize: 10 });
    expect(searchOf(s)).toBe('');
    writePaging(s, { pageNo: 1, pageSize: 10 }, true);
    expect(searchOf(s)).toBe('?pageNo=1');
    const t = new URLSearchParams();
    writePaging(t, { pageNo: 2, pageSize: 20 });
    expect(searchOf(t)).toBe('?pageNo=2&pageSize=20');
  });

  it('starts again at page 1 when the size changes', () => {
    expect(nextPaging({ pageNo: 4, pageSize: 10 }, 5, 10)).toEqual({ pageNo: 5, pageSize: 10 });
    expect(nextPaging({ pageNo: 4, pageSize: 10 }, 4, 50)).toEqual({ pageNo: 1, pageSize: 50 });
  });
});
