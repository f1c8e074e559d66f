/**
 * API endpoints as data: method, exact path, who may call it, and the zod schemas of its input.
 * The server registers a handler per endpoint and enforces `access`; the browser calls through
 * the same record, so a path or a rule is written once.
 */
import type { z } from 'zod';

export type Access =
  /** No session needed. */
  | { kind: 'public' }
  /** Signed in; no role need be chosen yet (login info, role choice, password, shortcuts). */
  | { kind: 'session' }
  /** Signed in with a role chosen (or an administrator): pages open to any signed-in user. */
  | { kind: 'open' }
  /** Signed in with a role holding one of these codes, or an administrator. */
  | { kind: 'codes'; codes: readonly string[] }
  /** Administrators only (admin flag 1). */
  | { kind: 'admin' };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<Q = unknown, B = unknown, R = unknown> {
  method: Method;
  /** Exact path; `:name` marks a path parameter (SPEC writes `{name}`). */
  path: string;
  access: Access;
  /** Whether the account-version header is required (every call but login, logout, selectHierRole). */
  accountVersion: boolean;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<unknown>;
  /** Phantom: the type of `data` in the envelope. */
  readonly _response?: R;
  /** Chinese summary for the generated API document and the API log. */
  summary: string;
  /**
   * The call only reads (writes nothing, so answering it twice is harmless): its session check
   * may run side by side with its own statements, and its answer is made again if the check
   * finds the caller changed meanwhile (apps/server/src/platform/guard.ts).
   */
  read?: boolean;
  /**
   * The call answers a server-sent event stream that stays open while the caller listens
   * (api/live.ts): the generic walks, which wait for each answer to end, leave it to its own tests.
   */
  stream?: boolean;
}

export const endpoint = <Q = undefined, B = undefined, R = unknown>(
  e: Omit<Endpoint<Q, B, R>, 'accountVersion' | '_response'> & { accountVersion?: boolean },
): Endpoint<Q, B, R> => ({ accountVersion: e.access.kind !== 'public', ...e });

export const PUBLIC: Access = { kind: 'public' };
export const SESSION: Access = { kind: 'session' };
export const OPEN: Access = { kind: 'open' };
export const ADMIN: Access = { kind: 'admin' };
export const codes = (...list: string[]): Access => ({ kind: 'codes', codes: list });

/** Fills `:name` parameters of a path. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));

export type ResponseOf<E> = E extends Endpoint<unknown, unknown, infer R> ? R : never;
