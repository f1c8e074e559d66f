/**
 * HTTP clients of the group-buy platforms' open APIs (美团/大众点评 and 抖音来客). The same code
 * talks to a real platform and to the built-in simulator (simulator.ts); each platform signs and
 * answers in its own way:
 *
 * - 美团: POST {base}/meituan/<call> with a JSON body holding app_key, timestamp (seconds) and the
 *   call's fields, plus `sign` = lowercase hex HMAC-SHA256(secret, "k=v" of every other field,
 *   sorted by key, joined by "&"). Answer `{ code: 0, msg, data }`; a refusal has its own code.
 * - 抖音: POST {base}/douyin/<call> with the call's fields as the JSON body and the headers
 *   X-Client-Key, X-Timestamp and X-Signature = lowercase hex HMAC-SHA256(secret, timestamp + "\n"
 *   + body). Answer `{ data, extra: { error_code: 0, description } }`.
 *
 * Calls: shops, deals, prepare (what a code is, for a shop), verify (核销), cancel (撤销核销),
 * reviews (a shop's reviews since a time). A refusal is a GroupBuyError with a platform-neutral
 * reason the service turns into our errcode.
 */
import { createHmac } from 'node:crypto';
import type { GroupBuyPlatform } from '@zb/contract/entities/groupBuy';

export type RefusalReason = 'unknown' | 'used' | 'expired' | 'wrongShop' | 'notCancellable' | 'auth' | 'unreachable';

/** Each platform's own numbers for the refusals this client tells apart. */
export const PLATFORM_CODES: Record<GroupBuyPlatform, Record<Exclude<RefusalReason, 'unreachable'>, number>> = {
  meituan: { unknown: 1001, used: 1002, expired: 1003, wrongShop: 1004, notCancellable: 1005, auth: 401 },
  douyin: {
    unknown: 2119001,
    used: 2119002,
    expired: 2119003,
    wrongShop: 2119004,
    notCancellable: 2119005,
    auth: 2100004,
  },
};

const reasonOf = (platform: GroupBuyPlatform, code: number): RefusalReason => {
  const found = Object.entries(PLATFORM_CODES[platform]).find(([, n]) => n === code);
  return (found?.[0] as RefusalReason | undefined) ?? 'unreachable';
};

export class GroupBuyError extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly platformCode: number,
    readonly platformMessage: string,
  ) {
    super(`group-buy ${reason} (${platformCode}): ${platformMessage}`);
    this.name = 'GroupBuyError';
  }
}

export interface PlatformShop {
  shopId: string;
  name: string;
}
export interface PlatformDeal {
  dealId: string;
  title: string;
  /** 分. */
  price: number;
}
export interface PlatformVoucher {
  code: string;
  dealId: string;
  dealTitle: string;
  dealPrice: number;
  paidAmount: number;
  expiresAt: string;
}
export interface PlatformReview {
  reviewId: string;
  score: number;
  content: string;
  reviewedAt: string;
}

export interface GroupBuyClientOptions {
  platform: GroupBuyPlatform;
  /** The API base, e.g. https://open.example.com or http://127.0.0.1:8080/gbsim; read per call. */
  base: () => string;
  appKey: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

export const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** 美团's signing text: "k=v" of every field but sign, sorted by key, joined by "&". */
export const meituanSigningText = (fields: Record<string, unknown>): string =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== null)
    .sort()
    .map((k) => `${k}=${typeof fields[k] === 'object' ? JSON.stringify(fields[k]) : String(fields[k])}`)
    .join('&');

/** 抖音's signing text: the timestamp, a newline, the body as sent. */
export const douyinSigningText = (timestamp: string, body: string): string => `${timestamp}\n${body}`;

export class GroupBuyClient {
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: GroupBuyClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  get platform(): GroupBuyPlatform {
    return this.opts.platform;
  }

  private async post(call: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { platform, appKey, secret } = this.opts;
    const timestamp = String(Math.floor(this.now() / 1000));
    const url = `${this.opts.base()}/${platform}/${call}`;
    let body: string;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (platform === 'meituan') {
      const signed = { ...fields, app_key: appKey, timestamp };
      body = JSON.stringify({ ...signed, sign: hmacHex(secret, meituanSigningText(signed)) });
    } else {
      body = JSON.stringify(fields);
      headers['x-client-key'] = appKey;
      headers['x-timestamp'] = timestamp;
      headers['x-signature'] = hmacHex(secret, douyinSigningText(timestamp, body));
    }
    let answer: unknown;
    try {
      const res = await this.fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000),
      });
      answer = await res.json();
    } catch (e) {
      throw new GroupBuyError('unreachable', -1, e instanceof Error ? e.message : String(e));
    }
    if (!answer || typeof answer !== 'object')
      throw new GroupBuyError('unreachable', -1, 'answer is not a JSON object');
    const a = answer as Record<string, unknown>;
    let code: unknown;
    let message: unknown;
    let data: unknown;
    if (platform === 'meituan') {
      code = a.code;
      message = a.msg;
      data = a.data;
    } else {
      const extra = (a.extra ?? {}) as Record<string, unknown>;
      code = extra.error_code;
      message = extra.description;
      data = a.data;
    }
    if (typeof code !== 'number') throw new GroupBuyError('unreachable', -1, 'answer has no code');
    if (code !== 0) throw new GroupBuyError(reasonOf(platform, code), code, String(message ?? ''));
    if (!data || typeof data !== 'object') throw new GroupBuyError('unreachable', -1, 'answer has no data');
    return data as Record<string, unknown>;
  }

  private static list<T>(data: Record<string, unknown>, key: string, read: (r: Record<string, unknown>) => T): T[] {
    const rows = data[key];
    if (!Array.isArray(rows)) throw new GroupBuyError('unreachable', -1, `answer has no ${key}`);
    return rows.map((r) => read(r as Record<string, unknown>));
  }

  async shops(): Promise<PlatformShop[]> {
    const data = await this.post('shops', {});
    return GroupBuyClient.list(data, 'shops', (r) => ({ shopId: String(r.shop_id), name: String(r.name) }));
  }

  async deals(): Promise<PlatformDeal[]> {
    const data = await this.post('deals', {});
    return GroupBuyClient.list(data, 'deals', (r) => ({
      dealId: String(r.deal_id),
      title: String(r.title),
      price: Number(r.price),
    }));
  }

  /** What a code is and whether it may be used at the shop (refused with its reason otherwise). */
  async prepare(code: string, shopId: string): Promise<PlatformVoucher> {
    const r = await this.post('prepare', { code, shop_id: shopId });
    return {
      code: String(r.code),
      dealId: String(r.deal_id),
      dealTitle: String(r.deal_title),
      dealPrice: Number(r.deal_price),
      paidAmount: Number(r.paid_amount),
      expiresAt: String(r.expires_at),
    };
  }

  /** 核销: the platform marks the code used at the shop; answers its verification number. */
  async verify(code: string, shopId: string): Promise<{ verifyId: string; verifiedAt: string }> {
    const r = await this.post('verify', { code, shop_id: shopId });
    return { verifyId: String(r.verify_id), verifiedAt: String(r.verified_at) };
  }

  /** 撤销核销 within the platform's window. */
  async cancel(code: string, verifyId: string): Promise<void> {
    await this.post('cancel', { code, verify_id: verifyId });
  }

  /** A shop's reviews written at or after `since` (ISO). */
  async reviews(shopId: string, since: string): Promise<PlatformReview[]> {
    const data = await this.post('reviews', { shop_id: shopId, since });
    return GroupBuyClient.list(data, 'reviews', (r) => ({
      reviewId: String(r.review_id),
      score: Number(r.score),
      content: String(r.content),
      reviewedAt: String(r.reviewed_at),
    }));
  }
}
