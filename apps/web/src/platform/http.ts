/**
 * The http client: the one place SPEC §8 lives. Calls go through the contract's Endpoint
 * records, so a path, method or account-version rule is written once. A call resolves with the
 * envelope's data on errcode "0" and rejects with an ApiError otherwise; what the user sees
 * (notice, alert, relogin) is decided in httpPolicy.ts.
 */
import { type Endpoint, fillPath } from '@zb/contract/api/endpoint';
import { ACCOUNT_VERSION_HEADER, accountVersion, TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { ApiError, BAD_RESPONSE_TEXT, CLIENT_ERR, httpErrorText, NETWORK_ERROR_TEXT } from './apiError';
import { type Answer, type CallOptions, noticeSuccess, perform, reactionTo, successText } from './httpPolicy';
import { noteServerDate } from './serverTime';
import { getAccountIdentity, getSessionUser } from './session';

export type { CallOptions } from './httpPolicy';

export interface CallInput<Q, B> {
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string | number>;
  query?: Q;
  body?: B;
}

type QueryValue = string | number | boolean | null | undefined;

/** Query string of SPEC §7 ("parameters go in the query string"): arrays repeat the key, empty values drop. */
export const toSearch = (query: unknown): string => {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) search.append(key, String(v));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : '';
};

export const urlOf = (endpoint: Pick<Endpoint, 'path'>, input: CallInput<unknown, unknown> = {}): string =>
  fillPath(endpoint.path, input.params ?? {}) + toSearch(input.query);

const headersFor = (endpoint: Endpoint<unknown, unknown, unknown>, body: unknown): Headers => {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
    headers.set('Content-Type', 'application/json');
  }
  const identity = getAccountIdentity();
  if (endpoint.accountVersion && identity) {
    headers.set(ACCOUNT_VERSION_HEADER, accountVersion(identity.loginName, identity.createdDate));
  }
  // Each tab acts in its own role, whatever another tab of the browser chose since.
  const userRoleId = getSessionUser()?.userRoleId;
  if (userRoleId) headers.set(TAB_ROLE_HEADER, String(userRoleId));
  return headers;
};

const bodyOf = (body: unknown): BodyInit | undefined => {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  return JSON.stringify(body);
};

interface Envelope {
  errcode: string;
  errmsg: string;
  data: unknown;
}

const asEnvelope = (value: unknown): Envelope | null => {
  if (!value || typeof value !== 'object' || !('errcode' in value)) return null;
  const v = value as { errcode: unknown; errmsg?: unknown; data?: unknown };
  if (typeof v.errcode !== 'string' && typeof v.errcode !== 'number') return null;
  return { errcode: String(v.errcode), errmsg: typeof v.errmsg === 'string' ? v.errmsg : '', data: v.data ?? null };
};

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
};

/**
 * Calls an endpoint. `options.excel` marks an export-type call: a non-JSON answer resolves with
 * the file as a Blob, and "-10" (nothing to export) rejects without an alert.
 */
export async function call<Q, B, R>(
  endpoint: Endpoint<Q, B, R>,
  input: CallInput<Q, B> = {},
  options: CallOptions = {},
): Promise<R> {
  const ep = endpoint as Endpoint<unknown, unknown, unknown>;
  const url = urlOf(ep, input);
  const answer = (errcode: string, errmsg: string): Answer => ({ endpoint: ep, url, errcode, errmsg, options });
  const fail = (errcode: string, errmsg: string, status: number, data: unknown = null): ApiError => {
    perform(reactionTo(answer(errcode, errmsg)));
    return new ApiError(errcode, errmsg, status, data);
  };

  let res: Response;
  try {
    res = await fetch(url, {
      method: ep.method,
      credentials: 'same-origin',
      headers: headersFor(ep, input.body),
      body: bodyOf(input.body),
      signal: options.signal,
    });
  } catch (e) {
    if (options.signal?.aborted) throw e;
    throw fail(CLIENT_ERR.network, NETWORK_ERROR_TEXT, 0);
  }
  noteServerDate(res.headers.get('Date'));

  const isJson = (res.headers.get('Content-Type') ?? '').includes('json');
  if (options.excel && res.ok && !isJson) return (await res.blob()) as R;

  const envelope = isJson ? asEnvelope(await readJson(res)) : null;
  if (!envelope) {
    if (!res.ok) throw fail(CLIENT_ERR.http(res.status), httpErrorText(res.status), res.status);
    throw fail(CLIENT_ERR.badResponse, BAD_RESPONSE_TEXT, res.status);
  }
  if (envelope.errcode !== ERR.OK) {
    throw fail(envelope.errcode, envelope.errmsg, res.status, envelope.data);
  }
  noticeSuccess(successText(answer(envelope.errcode, envelope.errmsg)));
  return envelope.data as R;
}
