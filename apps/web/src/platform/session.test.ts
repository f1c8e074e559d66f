import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginResult, sessionUser } from '../test/fixtures';
import { menuContextOf, resourceOf, useCan } from './permissions';
import {
  clearSession,
  endSession,
  getAccountIdentity,
  getSessionUser,
  lastAllowedPath,
  reloadSession,
  rememberAllowedPath,
  SHARED_USER_KEY,
  sessionEnded,
  setLoginResult,
  setSessionUser,
  useSessionUser,
} from './session';

describe('session store', () => {
  it('keeps the user in sessionStorage, so a reload finds it', () => {
    setSessionUser(sessionUser({ nickname: '李四' }));
    expect(JSON.parse(sessionStorage.getItem('zb.session.user') ?? 'null')).toMatchObject({ nickname: '李四' });
    reloadSession();
    expect(getSessionUser()?.nickname).toBe('李四');
  });

  it('signs calls with the pending login result until a role is chosen', () => {
    expect(getAccountIdentity()).toBeNull();
    setLoginResult(loginResult({ loginName: 'a', createdDate: 'd1' }));
    expect(getAccountIdentity()).toMatchObject({ loginName: 'a', createdDate: 'd1' });
    setSessionUser(sessionUser({ loginName: 'a', createdDate: 'd1' }));
    expect(getAccountIdentity()).toMatchObject({ loginName: 'a' });
  });

  it('clear() forgets user, login result and the last allowed page', () => {
    setLoginResult(loginResult());
    setSessionUser(sessionUser());
    rememberAllowedPath('/productList?x=1');
    clearSession();
    expect(getSessionUser()).toBeNull();
    expect(getAccountIdentity()).toBeNull();
    expect(lastAllowedPath()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('remembers that this tab ended its session until the next sign-in', () => {
    setSessionUser(sessionUser());
    endSession();
    expect(sessionEnded()).toBe(true);
    setLoginResult(loginResult());
    expect(sessionEnded()).toBe(false);
  });

  it('useSessionUser re-renders on change', () => {
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toBeNull();
    act(() => setSessionUser(sessionUser({ nickname: '王五' })));
    expect(result.current?.nickname).toBe('王五');
    act(() => clearSession());
    expect(result.current).toBeNull();
  });
});

describe('a new tab', () => {
  /** What a tab opened now (ctrl-click, a bookmark, a pasted link) starts from: no sessionStorage of its own. */
  const openNewTab = () => {
    sessionStorage.clear();
    reloadSession();
  };
  const sharedUser = () => JSON.parse(localStorage.getItem(SHARED_USER_KEY) ?? 'null');

  it('opens signed in, in the role last chosen in any tab', () => {
    setSessionUser(sessionUser({ nickname: '张三', userRoleId: 7, roleName: '大区督导' }));
    openNewTab();
    expect(getSessionUser()).toMatchObject({ nickname: '张三', userRoleId: 7, roleName: '大区督导' });
    expect(getAccountIdentity()).toMatchObject({ loginName: sessionUser().loginName });
    expect(JSON.parse(sessionStorage.getItem('zb.session.user') ?? 'null')).toMatchObject({ userRoleId: 7 });
  });

  it('keeps its own role once open, when another tab switches to another one', () => {
    setSessionUser(sessionUser({ userRoleId: 7 }));
    openNewTab();
    // Another tab enters role 8: the user a later new tab starts from, not this tab's.
    localStorage.setItem(SHARED_USER_KEY, JSON.stringify(sessionUser({ userRoleId: 8 })));
    reloadSession();
    expect(getSessionUser()?.userRoleId).toBe(7);
    openNewTab();
    expect(getSessionUser()?.userRoleId).toBe(8);
  });

  it('does not take another tab’s user while this tab is choosing its role after a sign-in', () => {
    setSessionUser(sessionUser({ userRoleId: 7 }));
    sessionStorage.clear();
    setLoginResult(loginResult());
    reloadSession();
    expect(getSessionUser()).toBeNull();
  });

  it('opens at /login after a logout in any tab', () => {
    setSessionUser(sessionUser());
    endSession('logout');
    expect(sharedUser()).toBeNull();
    openNewTab();
    expect(getSessionUser()).toBeNull();
  });

  it('opens at /login once a session errcode ended the same account', () => {
    setSessionUser(sessionUser({ userRoleId: 7 }));
    openNewTab();
    endSession();
    openNewTab();
    expect(getSessionUser()).toBeNull();
  });

  it('still opens signed in as another account when a tab left under an older one is ended', () => {
    setSessionUser(sessionUser({ loginName: 'old', createdDate: 'd1' }));
    // Another tab signed in since as another account; this tab's next call answers FILTER_LOGIN_003.
    localStorage.setItem(SHARED_USER_KEY, JSON.stringify(sessionUser({ loginName: 'new', createdDate: 'd2' })));
    endSession();
    expect(getSessionUser()).toBeNull();
    openNewTab();
    expect(getSessionUser()?.loginName).toBe('new');
  });

  it('forgets the last user when a new sign-in starts', () => {
    setSessionUser(sessionUser());
    clearSession();
    expect(sharedUser()).toBeNull();
  });
});

describe('permissions', () => {
  const user = sessionUser({
    menu: [
      { code: 'ZBHT-SPGL', name: '商品中心', description: '' },
      { code: 'ZBHT-SPGL:productList', name: '商品档案', description: '我的说明' },
    ],
    btn: ['ZBHT-SPGL:productList:add'],
    storeCount: 3,
  });

  it('codes are the menu codes; the store-count flag comes along', () => {
    const ctx = menuContextOf(user);
    expect([...ctx.codes]).toEqual(['ZBHT-SPGL', 'ZBHT-SPGL:productList']);
    expect(ctx.storeCount).toBe(3);
    expect(menuContextOf(user)).toBe(ctx);
    expect(menuContextOf(null).codes.size).toBe(0);
  });

  it('useCan answers from the btn list', () => {
    setSessionUser(user);
    expect(renderHook(() => useCan('ZBHT-SPGL:productList:add')).result.current).toBe(true);
    expect(renderHook(() => useCan('ZBHT-SPGL:productList:delete')).result.current).toBe(false);
    clearSession();
    expect(renderHook(() => useCan('ZBHT-SPGL:productList:add')).result.current).toBe(false);
  });

  it('finds the user own resource entry by code', () => {
    expect(resourceOf(user, 'ZBHT-SPGL:productList')?.name).toBe('商品档案');
    expect(resourceOf(user, null)).toBeUndefined();
    expect(resourceOf(null, 'ZBHT-SPGL')).toBeUndefined();
  });
});
