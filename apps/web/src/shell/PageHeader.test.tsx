import { render, screen, within } from '@testing-library/react';
import { groupName } from '@zb/contract/groups';
import { routeByPath } from '@zb/contract/routes';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionUser } from '../platform/session';
import { sessionUser } from '../test/fixtures';
import { PageHeader } from './PageHeader';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page header', () => {
  it('a page named like its group shows both crumbs, without React warning of two children with one key', () => {
    const route = routeByPath('/approvalCenter');
    if (!route) throw new Error('/approvalCenter is not a contract route');
    expect(route.title).toBe(groupName(route.group));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSessionUser(
      sessionUser({ menu: [route.group, ...route.codes].map((code) => ({ code, name: '', description: '' })) }),
    );
    render(
      <MemoryRouter initialEntries={[route.path]}>
        <PageHeader />
      </MemoryRouter>,
    );
    const crumbs = within(screen.getByTestId('breadcrumb')).getAllByText(route.title);
    expect(crumbs).toHaveLength(2);
    const warnings = errors.mock.calls.map((args) => args.map(String).join(' '));
    expect(warnings.filter((w) => /same key/.test(w))).toEqual([]);
  });
});
