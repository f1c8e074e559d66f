import { describe, expect, it } from 'vitest';
import { isReadOf, noticeSearch, parseNoticeParams } from './noticeQuery';

describe('notice list params in the URL', () => {
  it('reads filter, page and size, with defaults for missing or bad values', () => {
    expect(parseNoticeParams(new URLSearchParams(''))).toEqual({ filter: 'all', pageNo: 1, pageSize: 10 });
    expect(parseNoticeParams(new URLSearchParams('isRead=false&pageNo=2&pageSize=20'))).toEqual({
      filter: 'unread',
      pageNo: 2,
      pageSize: 20,
    });
    expect(parseNoticeParams(new URLSearchParams('isRead=x&pageNo=-1&pageSize=7'))).toEqual({
      filter: 'all',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('writes back only what differs from the defaults', () => {
    expect(noticeSearch({ filter: 'all', pageNo: 1, pageSize: 10 })).toBe('');
    expect(noticeSearch({ filter: 'read', pageNo: 3, pageSize: 10 })).toBe('?isRead=true&pageNo=3');
    expect(isReadOf('unread')).toBe(false);
    expect(isReadOf('all')).toBeUndefined();
  });
});
