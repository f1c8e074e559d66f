import type { SwitchTicket } from '@zb/contract/api/auth';
import { NEW_TAB_MAX_ROLE_ID } from '@zb/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { role } from '../test/fixtures';
import { opensInNewTab, SWITCH_CONFIRM_TEXT, type SwitchDeps, switchRole, xxbLoginUrl } from './roleSwitch';

const ticket: SwitchTicket = { u: '13800000001', uid: 202, userId: 7, p: 'a+b/c=d&e' };

const fakes = (confirmed = true) => {
  const deps = {
    confirm: vi.fn(async () => confirmed),
    requestTicket: vi.fn(async (uid: number) => ({ ...ticket, uid })),
    window: { open: vi.fn(() => null), location: { assign: vi.fn() } },
  };
  return deps satisfies SwitchDeps;
};

describe('the /xxbLogin address', () => {
  it('carries u, uid, userId and p, each URL-encoded', () => {
    const url = xxbLoginUrl(ticket);
    expect(url.startsWith('/xxbLogin?')).toBe(true);
    const q = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ u: '13800000001', uid: '202', userId: '7', p: 'a+b/c=d&e' });
    expect(url).not.toContain('a+b/c=d&e');
  });
});

describe('new tab or same tab', () => {
  it('decides by the role id, not the userRoleId', () => {
    expect(opensInNewTab({ roleId: NEW_TAB_MAX_ROLE_ID })).toBe(true);
    expect(opensInNewTab({ roleId: 1 })).toBe(true);
    expect(opensInNewTab({ roleId: NEW_TAB_MAX_ROLE_ID + 1 })).toBe(false);
  });

  it('opens a role id of 5 or lower in a new tab, with a fresh ticket', async () => {
    const deps = fakes();
    const target = role({ roleId: 5, userRoleId: 900 });
    expect(await switchRole(target, 101, deps)).toBe('newTab');
    expect(deps.confirm).toHaveBeenCalledWith(SWITCH_CONFIRM_TEXT);
    expect(deps.requestTicket).toHaveBeenCalledWith(900);
    expect(deps.window.open).toHaveBeenCalledWith(xxbLoginUrl({ ...ticket, uid: 900 }), '_blank', 'noopener');
    expect(deps.window.location.assign).not.toHaveBeenCalled();
  });

  it('opens a higher role id in this tab', async () => {
    const deps = fakes();
    const target = role({ roleId: 6, userRoleId: 3 });
    expect(await switchRole(target, 101, deps)).toBe('sameTab');
    expect(deps.window.location.assign).toHaveBeenCalledWith(xxbLoginUrl({ ...ticket, uid: 3 }));
    expect(deps.window.open).not.toHaveBeenCalled();
  });
});

describe('the current role and a cancelled question', () => {
  it('the current role only closes the dialog: no ticket, no navigation', async () => {
    const deps = fakes();
    expect(await switchRole(role({ userRoleId: 101, roleId: 9 }), 101, deps)).toBe('current');
    expect(deps.confirm).toHaveBeenCalledWith(SWITCH_CONFIRM_TEXT);
    expect(deps.requestTicket).not.toHaveBeenCalled();
    expect(deps.window.open).not.toHaveBeenCalled();
    expect(deps.window.location.assign).not.toHaveBeenCalled();
  });

  it('answering 取消 to 确定切换角色？ changes nothing', async () => {
    const deps = fakes(false);
    expect(await switchRole(role({ userRoleId: 5, roleId: 2 }), 101, deps)).toBe('cancelled');
    expect(deps.requestTicket).not.toHaveBeenCalled();
    expect(deps.window.open).not.toHaveBeenCalled();
  });
});
