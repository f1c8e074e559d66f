import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { builtPaths, pageFor } from './pages';

describe('page registry', () => {
  it('registers pages only at contract route paths', () => {
    for (const path of builtPaths()) expect(routeByPath(path), path).toBeDefined();
  });

  it('gives the same component for a path every time, and one not-built page for the rest', () => {
    expect(pageFor('/no-such-page')).toBe(pageFor('/another-missing-page'));
    for (const path of builtPaths()) expect(pageFor(path)).toBe(pageFor(path));
  });
});
