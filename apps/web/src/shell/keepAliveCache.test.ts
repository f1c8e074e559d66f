import { ROUTES } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { isKeptAlive, KEEP_ALIVE_MAX, type KeptPage, pageKey, restoreTarget, touch } from './keepAliveCache';

const page = (key: string, search = ''): KeptPage => ({ key, pathname: key, search, scrollY: 0 });

describe('keep-alive cache', () => {
  it('keeps the contract’s keepAlive lists by path, details by path and query', () => {
    expect(isKeptAlive('/taskCenterBoss')).toBe(true);
    expect(pageKey('/taskCenterBoss', '?isRead=false')).toBe('/taskCenterBoss');
    expect(isKeptAlive('/taskCenterDetailBoss')).toBe(false);
    expect(pageKey('/taskCenterDetailBoss', '?id=1')).not.toBe(pageKey('/taskCenterDetailBoss', '?id=2'));
    expect(ROUTES.filter((r) => r.keepAlive).every((r) => isKeptAlive(r.path))).toBe(true);
  });

  it('is bounded: the most recent first, the oldest dropped', () => {
    let pages: KeptPage[] = [];
    for (let i = 0; i < KEEP_ALIVE_MAX + 3; i++) pages = touch(pages, page(`/p${i}`));
    expect(pages).toHaveLength(KEEP_ALIVE_MAX);
    expect(pages[0]!.key).toBe(`/p${KEEP_ALIVE_MAX + 2}`);
    expect(pages.some((p) => p.key === '/p0')).toBe(false);
    pages = touch(pages, page('/p5'));
    expect(pages[0]!.key).toBe('/p5');
    expect(pages).toHaveLength(KEEP_ALIVE_MAX);
  });

  it('reopens a bare path at the kept query, but a query of its own wins', () => {
    const kept = page('/taskCenterBoss', '?isRead=false&pageNo=2');
    expect(restoreTarget(kept, '/taskCenterBoss', '')).toBe('/taskCenterBoss?isRead=false&pageNo=2');
    expect(restoreTarget(kept, '/taskCenterBoss', '?isRead=true')).toBeNull();
    expect(restoreTarget(undefined, '/taskCenterBoss', '')).toBeNull();
    expect(restoreTarget(page('/taskCenterBoss'), '/taskCenterBoss', '')).toBeNull();
  });
});
