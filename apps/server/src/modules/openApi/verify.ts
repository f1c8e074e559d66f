/**
 * Checking one signed request of the open API (contract open/protocol.ts): its four headers, the
 * caller's key, the HMAC over the raw body bytes, the clock, the terminal's binding and the nonce.
 * Each refusal is a BizError with its OPEN_* errcode; what holds answers the caller.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ERR } from '@zb/contract/errcodes';
import {
  OPEN_HEADERS,
  OPEN_NONCE_PATTERN,
  OPEN_TIMESTAMP_SKEW_S,
  type OpenClientKind,
  signingText,
} from '@zb/contract/open/protocol';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { posTerminal } from '../storesMore/schema';
import { openClient, openNonce } from './schema';
import type { OpenCaller } from './types';

/** lowercase hex SHA-256 of the bytes. */
export const sha256Hex = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex');

/** The signature a request must carry (lowercase hex HMAC-SHA256 of contract `signingText`). */
export const signatureOf = (
  secret: string,
  req: { method: string; path: string; timestamp: string; nonce: string; body: Buffer | string },
): string =>
  createHmac('sha256', secret)
    .update(signingText(req.method, req.path, req.timestamp, req.nonce, sha256Hex(req.body)))
    .digest('hex');

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = headers[name];
  return typeof v === 'string' && v !== '' ? v : null;
};

const missing = (msg: string) => new BizError(ERR.OPEN_AUTH_MISSING, msg);

/** How often old nonces are swept (ms); each is kept for twice the allowed skew. */
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;
const LAST_USED_EVERY_MS = 60_000;

export interface SignedRequest {
  method: string;
  /** The path as sent, without its query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Verifies the request and answers its caller; `now` in ms (tests move the clock). */
export const verifyRequest = async (
  db: Db,
  cipher: Cipher,
  req: SignedRequest,
  now = Date.now(),
): Promise<OpenCaller> => {
  const key = header(req.headers, OPEN_HEADERS.key);
  const timestamp = header(req.headers, OPEN_HEADERS.timestamp);
  const nonce = header(req.headers, OPEN_HEADERS.nonce);
  const signature = header(req.headers, OPEN_HEADERS.signature);
  if (!key || !timestamp || !nonce || !signature) throw new BizError(ERR.OPEN_AUTH_MISSING);
  if (key.length > 64) throw new BizError(ERR.OPEN_KEY_INVALID);
  if (!/^\d{1,12}$/.test(timestamp)) throw missing('X-Timestamp 须为 Unix 秒数');
  if (!OPEN_NONCE_PATTERN.test(nonce)) throw missing('X-Nonce 须为 8 到 64 位字母、数字、下划线或短横线');

  const [client] = await db
    .select({
      id: openClient.id,
      kind: openClient.kind,
      name: openClient.name,
      secretSealed: openClient.secretSealed,
      status: openClient.status,
      lastUsedAt: openClient.lastUsedAt,
      terminalStatus: posTerminal.status,
      terminalStore: posTerminal.storeId,
      terminalDeleted: posTerminal.deletedAt,
    })
    .from(openClient)
    .leftJoin(posTerminal, eq(posTerminal.id, openClient.posTerminalId))
    .where(eq(openClient.appKey, key));
  if (client?.status !== 'active') throw new BizError(ERR.OPEN_KEY_INVALID);
  const secret = cipher.decrypt(client.secretSealed);
  if (secret === null) throw new BizError(ERR.OPEN_KEY_INVALID, '应用密钥无法解封，请重新生成密钥');

  const expected = Buffer.from(
    signatureOf(secret, { method: req.method, path: req.path, timestamp, nonce, body: req.body }),
    'utf8',
  );
  const sent = Buffer.from(signature.toLowerCase(), 'utf8');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new BizError(ERR.OPEN_SIGNATURE_INVALID);
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > OPEN_TIMESTAMP_SKEW_S) throw new BizError(ERR.OPEN_TIMESTAMP_SKEW);

  const kind = client.kind as OpenClientKind;
  let storeId: number | null = null;
  if (kind === 'pos') {
    if (client.terminalDeleted !== null || client.terminalStatus !== 'active' || client.terminalStore === null) {
      throw new BizError(ERR.OPEN_STORE_NOT_BOUND, '该终端未绑定门店或已停用，不能发送单据');
    }
    storeId = client.terminalStore;
  }

  // The nonce, once per key: the primary key refuses a second insert, concurrent ones too.
  const fresh = await db
    .insert(openNonce)
    .values({ clientId: client.id, nonce })
    .onConflictDoNothing()
    .returning({ nonce: openNonce.nonce });
  if (fresh.length !== 1) throw new BizError(ERR.OPEN_NONCE_REPLAY);
  // The key's last use, written at most once a minute.
  if (client.lastUsedAt === null || now - client.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db.update(openClient).set({ lastUsedAt: sql`now()` }).where(eq(openClient.id, client.id));
  }

  if (now - lastPurge > PURGE_EVERY_MS) {
    lastPurge = now;
    await db
      .delete(openNonce)
      .where(lt(openNonce.at, sql`now() - make_interval(secs => ${OPEN_TIMESTAMP_SKEW_S * 2})`));
  }
  return { clientId: client.id, kind, name: client.name, storeId };
};
