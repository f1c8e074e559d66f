/** The open API as a store's POS calls it in the e2e tests: signed with the demo key of 北京朝阳店 (docs/open-api.md "Signing"). */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { OPEN_HEADERS, OPEN_PREFIX, signingText } from '@zb/contract/open/protocol';
import { expect } from 'vitest';

/** The demo POS key of 北京朝阳店 (docs/open-api.md). */
export const DEMO_POS = { appKey: 'pos_demo_bj001', secret: 'demo-pos-secret-BJ001-2026' };

/** The demo mini-program's key (docs/open-api.md). */
export const DEMO_MINI = { appKey: 'mini_demo_app', secret: 'demo-mini-secret-2026' };

/** POSTs `doc` to the server at `baseUrl`, signed as the POS (or `key`'s app) does; expects HTTP 200 and answers the envelope. */
export const openPost = async <D>(
  baseUrl: string,
  path: string,
  doc: unknown,
  key: { appKey: string; secret: string } = DEMO_POS,
): Promise<{ errcode: string; errmsg: string; data: D }> => {
  const body = JSON.stringify(doc);
  const url = `${OPEN_PREFIX}${path}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const hash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', key.secret)
    .update(signingText('POST', url, timestamp, nonce, hash))
    .digest('hex');
  const res = await fetch(new URL(url, baseUrl), {
    method: 'POST',
    headers: {
      [OPEN_HEADERS.key]: key.appKey,
      [OPEN_HEADERS.timestamp]: timestamp,
      [OPEN_HEADERS.nonce]: nonce,
      [OPEN_HEADERS.signature]: signature,
      'content-type': 'application/json',
    },
    body,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { errcode: string; errmsg: string; data: D };
};
