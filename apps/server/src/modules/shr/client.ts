/**
 * HTTP client of SHR's (金蝶 s-HR) open API, as far as staff synchronisation needs it. The same
 * code talks to a real SHR and to the built-in simulator (simulator.ts):
 *
 * - `POST {base}/api/oauth/token` with `{ appId, appSecret }` answers `{ code: "200", message,
 *   data: { accessToken, expiresIn } }` (seconds). The token is kept until shortly before it ends.
 * - `POST {base}/api/person/changes` with the header `Authorization: Bearer <token>` and
 *   `{ since, pageNo, pageSize }` (since: an ISO instant, or null for everyone) answers
 *   `{ code: "200", data: { total, list: ShrPerson[] } }`, ordered by updatedAt then personNo.
 * - A refusal answers its own code: "401" a token SHR no longer knows (fetched again, once),
 *   "403" a wrong appId or appSecret, "400" a bad request.
 */
import type { ShrPersonStatus } from '@zb/contract/entities/shr';

export interface ShrPerson {
  personNo: string;
  name: string;
  phone: string;
  orgCode: string;
  orgName: string;
  jobCode: string;
  jobName: string;
  status: ShrPersonStatus;
  /** YYYY-MM-DD. */
  entryDate: string;
  leaveDate: string | null;
  /** ISO instant of SHR's last change to the person. */
  updatedAt: string;
}

export const SHR_CODES = { OK: '200', BAD_REQUEST: '400', TOKEN: '401', AUTH: '403', UNREACHABLE: '-1' } as const;

export class ShrError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`SHR ${code}: ${detail}`);
    this.name = 'ShrError';
  }
}

export interface ShrClientOptions {
  base: string;
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

interface ShrAnswer<T> {
  code?: unknown;
  message?: unknown;
  data?: T;
}

/** A token is fetched again this long before SHR says it ends. */
const TOKEN_MARGIN_MS = 60_000;

export class ShrClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: ShrClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  private async post<T>(path: string, body: unknown, token?: string): Promise<T> {
    let answer: ShrAnswer<T>;
    try {
      const res = await this.fetch(`${this.opts.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      answer = (await res.json()) as ShrAnswer<T>;
    } catch (e) {
      throw new ShrError(SHR_CODES.UNREACHABLE, e instanceof Error ? e.message : String(e));
    }
    if (!answer || typeof answer !== 'object') throw new ShrError(SHR_CODES.UNREACHABLE, 'answer is not a JSON object');
    const code = String(answer.code ?? '');
    if (code !== SHR_CODES.OK) throw new ShrError(code || SHR_CODES.UNREACHABLE, String(answer.message ?? ''));
    return answer.data as T;
  }

  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const data = await this.post<{ accessToken?: string; expiresIn?: number }>('/api/oauth/token', {
      appId: this.opts.appId,
      appSecret: this.opts.appSecret,
    });
    if (!data?.accessToken) throw new ShrError(SHR_CODES.UNREACHABLE, 'token answered no accessToken');
    this.token = { value: data.accessToken, expiresAt: this.now() + (data.expiresIn ?? 7200) * 1000 - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  /** One page of the people changed after `since` (null: everyone). */
  async changes(since: string | null, pageNo: number, pageSize: number): Promise<{ total: number; list: ShrPerson[] }> {
    const ask = async () =>
      this.post<{ total: number; list: ShrPerson[] }>(
        '/api/person/changes',
        { since, pageNo, pageSize },
        await this.accessToken(),
      );
    try {
      return await ask();
    } catch (e) {
      if (!(e instanceof ShrError && e.code === SHR_CODES.TOKEN)) throw e;
      this.token = null;
      return ask();
    }
  }
}

/** What /shrUserLog says of an SHR failure. */
export const shrFailureText = (e: ShrError): string => {
  switch (e.code) {
    case SHR_CODES.AUTH:
      return 'SHR 拒绝了应用凭证（403），请检查 SHR_APP_ID 与 SHR_APP_SECRET';
    case SHR_CODES.UNREACHABLE:
      return `无法连接 SHR：${e.detail || '无应答'}`;
    default:
      return `SHR 返回错误（${e.code}）：${e.detail || '无说明'}`;
  }
};
