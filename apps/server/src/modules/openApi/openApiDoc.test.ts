/**
 * docs/open-api.md's worked signing example: its body hash and signature are what the server's
 * code computes, and the request it describes, sent at its time, is accepted by the plugin.
 */
import { readFileSync } from 'node:fs';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS, OPEN_PREFIX, signingText } from '@zb/contract/open/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { createMember } from '../members/service';
import { store } from '../stores/schema';
import { sha256Hex, signatureOf } from './verify';

const doc = readFileSync(new URL('../../../../../docs/open-api.md', import.meta.url), 'utf8');
const pick = (re: RegExp) => {
  const m = doc.match(re);
  if (!m?.[1]) throw new Error(`docs/open-api.md: ${re} not found`);
  return m[1];
};
const example = doc.slice(doc.indexOf('### Worked example'), doc.indexOf('## Answers'));
const ex = {
  appKey: pick(/key `([^`]+)`, secret/),
  secret: pick(/secret `([^`]+)`\n/),
  timestamp: pick(/`X-Timestamp: (\d+)`/),
  nonce: pick(/`X-Nonce: ([^`]+)`/),
  body: example.match(/```text\n(\{.*)\n```/)![1]!,
  bodyHash: pick(/SHA-256 of the body: `([0-9a-f]{64})`/),
  signature: pick(/`X-Signature: ([0-9a-f]{64})`/),
  text: example.match(/signing text:\n\n```\n([\s\S]*?)\n```/)![1]!,
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [s] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  const phone = (JSON.parse(ex.body) as { member: string }).member;
  await t.db.transaction((tx) =>
    createMember(tx, { name: '示例会员', phone, storeId: s!.id, userId: null, joinedAt: new Date() }),
  );
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('docs/open-api.md worked example', () => {
  it('uses the demo POS key and states the byte length, hash, signing text and signature the code computes', () => {
    expect(ex.appKey).toBe(DEMO_OPEN_KEYS.pos.appKey);
    expect(ex.secret).toBe(DEMO_OPEN_KEYS.pos.secret);
    expect(example).toContain(`${Buffer.byteLength(ex.body)} bytes`);
    expect(sha256Hex(ex.body)).toBe(ex.bodyHash);
    const path = `${OPEN_PREFIX}${OPEN_PATHS.bills}`;
    expect(signingText('POST', path, ex.timestamp, ex.nonce, ex.bodyHash)).toBe(ex.text);
    expect(
      signatureOf(ex.secret, { method: 'POST', path, timestamp: ex.timestamp, nonce: ex.nonce, body: ex.body }),
    ).toBe(ex.signature);
  });

  it('is accepted by the server at its time, and the same request again is refused as a replayed nonce', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Number(ex.timestamp) * 1000 + 20_000);
    const headers = {
      'content-type': 'application/json',
      'x-app-key': ex.appKey,
      'x-timestamp': ex.timestamp,
      'x-nonce': ex.nonce,
      'x-signature': ex.signature,
    };
    const url = `${OPEN_PREFIX}${OPEN_PATHS.bills}`;
    const res = await t.app.inject({ method: 'POST', url, headers, payload: ex.body });
    expect(res.json()).toMatchObject({ errcode: ERR.OK, data: { outerNo: 'POS-BJ001-000123', replayed: false } });
    const again = await t.app.inject({ method: 'POST', url, headers, payload: ex.body });
    expect(again.json().errcode).toBe(ERR.OPEN_NONCE_REPLAY);
    vi.useRealTimers();
  });
});
