/** The group-buy clients' wire protocols: each platform's signature, computed here independently, and its refusals. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GroupBuyClient, GroupBuyError } from './client';

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const fake = (answer: unknown) => {
  const seen: Seen[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { seen, fetch: fetchStub };
};

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const NOW = 1_790_000_000_000;

describe('美团', () => {
  it('signs the sorted fields with app_key and timestamp into sign', async () => {
    const f = fake({ code: 0, msg: 'ok', data: { verify_id: 'V1', verified_at: '2026-09-21T00:00:00.000Z' } });
    const c = new GroupBuyClient({
      platform: 'meituan',
      base: () => 'https://mt.test',
      appKey: 'k1',
      secret: 's1',
      fetch: f.fetch,
      now: () => NOW,
    });
    expect(await c.verify('ABC12345', 'MT-BJ001')).toEqual({ verifyId: 'V1', verifiedAt: '2026-09-21T00:00:00.000Z' });
    const [call] = f.seen;
    expect(call!.url).toBe('https://mt.test/meituan/verify');
    const body = JSON.parse(call!.body) as Record<string, string>;
    const ts = String(NOW / 1000);
    expect(body).toMatchObject({ app_key: 'k1', timestamp: ts, code: 'ABC12345', shop_id: 'MT-BJ001' });
    expect(body.sign).toBe(hmac('s1', `app_key=k1&code=ABC12345&shop_id=MT-BJ001&timestamp=${ts}`));
  });

  it('turns the platform’s refusal codes into reasons', async () => {
    for (const [code, reason] of [
      [1001, 'unknown'],
      [1002, 'used'],
      [1003, 'expired'],
      [1004, 'wrongShop'],
      [401, 'auth'],
    ] as const) {
      const c = new GroupBuyClient({
        platform: 'meituan',
        base: () => 'x:',
        appKey: 'k',
        secret: 's',
        fetch: fake({ code, msg: 'no' }).fetch,
      });
      await expect(c.prepare('ABC12345', 'S')).rejects.toMatchObject({ reason, platformCode: code });
    }
  });
});

describe('抖音', () => {
  it('signs timestamp and body into X-Signature with the client key', async () => {
    const f = fake({ data: { shops: [{ shop_id: 'DY-1', name: '店' }] }, extra: { error_code: 0, description: '' } });
    const c = new GroupBuyClient({
      platform: 'douyin',
      base: () => 'https://dy.test',
      appKey: 'dk',
      secret: 'ds',
      fetch: f.fetch,
      now: () => NOW,
    });
    expect(await c.shops()).toEqual([{ shopId: 'DY-1', name: '店' }]);
    const [call] = f.seen;
    expect(call!.url).toBe('https://dy.test/douyin/shops');
    expect(call!.headers['x-client-key']).toBe('dk');
    expect(call!.headers['x-timestamp']).toBe(String(NOW / 1000));
    expect(call!.headers['x-signature']).toBe(hmac('ds', `${NOW / 1000}\n${call!.body}`));
  });

  it('reports a refusal, and an answer that is no JSON, as errors', async () => {
    const refused = fake({ data: null, extra: { error_code: 2119003, description: '过期' } });
    const c = new GroupBuyClient({
      platform: 'douyin',
      base: () => 'x:',
      appKey: 'k',
      secret: 's',
      fetch: refused.fetch,
    });
    await expect(c.prepare('ABC12345', 'S')).rejects.toMatchObject({ reason: 'expired' });
    const broken = (async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    const d = new GroupBuyClient({ platform: 'douyin', base: () => 'x:', appKey: 'k', secret: 's', fetch: broken });
    await expect(d.deals()).rejects.toBeInstanceOf(GroupBuyError);
    await expect(d.deals()).rejects.toMatchObject({ reason: 'unreachable' });
  });
});
