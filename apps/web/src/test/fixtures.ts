/** Shared test data and helpers: a login result, a session user, a fetch that answers envelopes. */
import type { LoginResult, RoleEntry } from '@zb/contract/api/auth';
import { vi } from 'vitest';
import type { SessionUser } from '../platform/session';

export const role = (over: Partial<RoleEntry> = {}): RoleEntry => ({
  hierId: 1,
  hier: '总部',
  role: 'hq-ops',
  roleId: 11,
  roleName: '总部运营',
  description: '总部运营人员',
  userRoleId: 101,
  userAccount: '13800000001',
  userpwd: null,
  allRsrc: [],
  quicks: [],
  checked: false,
  ...over,
});

export const loginResult = (over: Partial<LoginResult> = {}): LoginResult => ({
  loginName: '13800000001',
  nickname: '张总部',
  createdDate: '2024-01-02 03:04:05',
  enabled: true,
  propertyEx: { admin: 0 },
  roles: [role()],
  stores: [],
  ...over,
});

export const sessionUser = (over: Partial<SessionUser> = {}): SessionUser => ({
  loginName: '13800000001',
  nickname: '张总部',
  createdDate: '2024-01-02 03:04:05',
  enabled: true,
  menu: [],
  btn: [],
  roleName: '总部运营',
  hierId: 1,
  hierName: '总部',
  userId: 7,
  userRoleId: 101,
  switchUserId: null,
  admin: 0,
  storeCount: 0,
  ...over,
});

export interface Reply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON (an HTML error page, a file). */
  text?: string;
  headers?: Record<string, string>;
}

export const envelope = (data: unknown, errcode = '0', errmsg = '操作成功') => ({ errcode, errmsg, data });

export const toResponse = (r: Reply): Response => {
  const isText = r.text !== undefined;
  return new Response(isText ? r.text : JSON.stringify(r.body ?? envelope(null)), {
    status: r.status ?? 200,
    headers: { 'Content-Type': isText ? 'text/html' : 'application/json', ...r.headers },
  });
};

/** Stubs fetch: each call answers with `route(url, init)`; returns the mock to inspect calls. */
export const stubFetch = (route: (url: string, init: RequestInit) => Reply | Promise<Reply>) => {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    toResponse(await route(String(input), init)),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
};

export const headerOf = (init: RequestInit | undefined, name: string): string | null =>
  new Headers(init?.headers).get(name);
