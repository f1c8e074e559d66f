import { describe, expect, it } from 'vitest';
import { approvalSearch, parseApprovalParams } from './approvalQuery';

const parse = (q: string) => parseApprovalParams(new URLSearchParams(q));

describe('approval list params in the URL', () => {
  it('reads filters and page, dropping what is not valid', () => {
    expect(parse('status=pending&type=bossAuthority&keyword=%20SP01%20&pageNo=3&pageSize=20')).toEqual({
      status: 'pending',
      type: 'bossAuthority',
      keyword: 'SP01',
      pageNo: 3,
      pageSize: 20,
    });
    expect(parse('status=done&type=x&keyword=%20&pageNo=-1&pageSize=7')).toEqual({
      status: undefined,
      type: undefined,
      keyword: undefined,
      pageNo: 1,
      pageSize: 10,
    });
    // Inherited object keys are not states.
    expect(parse('status=toString').status).toBeUndefined();
  });

  it('writes the page and what differs from the defaults, and round-trips', () => {
    expect(approvalSearch({ pageNo: 1, pageSize: 10 })).toBe('?pageNo=1');
    const p = { status: 'rejected', keyword: '王丽', pageNo: 2, pageSize: 50 } as const;
    const q = approvalSearch(p);
    expect(q).toBe('?status=rejected&keyword=%E7%8E%8B%E4%B8%BD&pageNo=2&pageSize=50');
    expect(parse(q.slice(1))).toEqual({ ...p, type: undefined });
  });
});
