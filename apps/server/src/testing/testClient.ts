/** A browser stand-in for API tests: keeps the session cookie and the account-version header. */
import { AUTH_API, type LoginResult, type RoleResources } from '@zb/contract/api/auth';
import { type Endpoint, fillPath } from '@zb/contract/api/endpoint';
import { ACCOUNT_VERSION_HEADER, accountVersion, SESSION_COOKIE } from '@zb/contract/constants';
import type { Envelope } from '@zb/contract/errcodes';
import type { FastifyInstance } from 'fastify';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A raw payload sent as is (malformed-input tests). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave out the account-version header. */
  noAccountVersion?: boolean;
  /** Leave out the session cookie. */
  noCookie?: boolean;
}

export interface CallResult<R> {
  status: number;
  body: Envelope<R>;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

const queryString = (query: CallOptions['query']): string => {
  if (!query) return '';
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined) as [string, string | number | boolean][];
  return pairs.length
    ? `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
};

export class TestClient {
  cookie: string | null = null;
  accountVersion: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request<R = unknown>(method: string, url: string, opts: CallOptions = {}): Promise<CallResult<R>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie && !opts.noCookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    if (this.accountVersion && !opts.noAccountVersion) headers[ACCOUNT_VERSION_HEADER] = this.accountVersion;
    let payload: string | Buffer | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({ method: method as 'GET', url, headers, payload });
    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (sid) this.cookie = sid.value || null;
    let body: Envelope<R>;
    try {
      body = res.body ? (JSON.parse(res.body) as Envelope<R>) : (undefined as unknown as Envelope<R>);
    } catch {
      body = undefined as unknown as Envelope<R>;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  }

  call<Q, B, R>(endpoint: Endpoint<Q, B, R>, opts: CallOptions = {}): Promise<CallResult<R>> {
    const url = fillPath(endpoint.path, opts.params ?? {}) + queryString(opts.query);
    return this.request<R>(endpoint.method, url, opts);
  }

  async login(user: string, password: string, refresh?: boolean): Promise<CallResult<LoginResult>> {
    const res = await this.call(AUTH_API.login, { body: { user, password, refresh } });
    if (res.body?.errcode === '0')
      this.accountVersion = accountVersion(res.body.data.loginName, res.body.data.createdDate);
    return res;
  }

  async selectRole(userRoleId: number): Promise<CallResult<RoleResources>> {
    const res = await this.call(AUTH_API.selectHierRole, { params: { userRoleId } });
    if (res.body.errcode !== '0') throw new Error(`selectHierRole ${userRoleId} failed: ${res.body.errmsg}`);
    return res;
  }
}

/** The field messages of a PARAM_INVALID answer. */
export const fieldsOf = (body: Envelope<unknown>): Record<string, string> =>
  (body.data as { fields?: Record<string, string> } | null)?.fields ?? {};

/** The answer is a whole { errcode, errmsg, data } envelope: a string errcode and errmsg, and data present. */
export const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { errcode?: unknown }).errcode === 'string' &&
  typeof (body as { errmsg?: unknown }).errmsg === 'string' &&
  'data' in body;
