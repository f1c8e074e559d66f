/** Signed calls of the open API for tests (contract open/protocol.ts): headers made as a POS would. */
import { randomBytes } from 'node:crypto';
import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { OPEN_HEADERS, OPEN_PREFIX } from '@zb/contract/open/protocol';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { openClient } from '../modules/openApi/schema';
import type { OpenCaller } from '../modules/openApi/types';
import { signatureOf } from '../modules/openApi/verify';
import { posTerminal } from '../modules/storesMore/schema';

export interface OpenKey {
  appKey: string;
  secret: string;
}

export interface SignOptions {
  /** Unix seconds (default now). */
  timestamp?: number;
  nonce?: string;
  /** Signs with this secret instead of the key's. */
  signWith?: string;
  contentType?: string;
  /** Headers to drop or override after signing. */
  headers?: Record<string, string | undefined>;
}

export const signedHeaders = (
  key: OpenKey,
  method: string,
  path: string,
  body: Buffer | string,
  o: SignOptions = {},
) => {
  const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = o.nonce ?? randomBytes(12).toString('hex');
  const signature = signatureOf(o.signWith ?? key.secret, { method, path, timestamp, nonce, body });
  const headers: Record<string, string> = {
    [OPEN_HEADERS.key]: key.appKey,
    [OPEN_HEADERS.timestamp]: timestamp,
    [OPEN_HEADERS.nonce]: nonce,
    [OPEN_HEADERS.signature]: signature,
    'content-type': o.contentType ?? 'application/json',
  };
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return headers;
};

/** POSTs `body` (an object is sent as JSON; a string or Buffer as it is) to OPEN_PREFIX + path, signed. */
export const openPost = async <D = OpenBillAnswer & { fields: Record<string, string> }>(
  app: FastifyInstance,
  key: OpenKey,
  path: string,
  body: unknown,
  o: SignOptions = {},
): Promise<{ status: number; errcode: string; errmsg: string; data: D }> => {
  const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const url = `${OPEN_PREFIX}${path}`;
  const res = await app.inject({ method: 'POST', url, payload: raw, headers: signedHeaders(key, 'POST', url, raw, o) });
  const json = res.json();
  return { status: res.statusCode, ...json };
};

/**
 * A POS terminal bound to the store and its open-API client, as the caller a service is given
 * (for tests that call the services without signing): `key` names them, unique in the database.
 */
export const posCaller = async (db: Db, storeId: number, key: string): Promise<OpenCaller> => {
  const [terminal] = await db
    .insert(posTerminal)
    .values({ sn: `T-${key}`, brand: '测试', merchantNo: 'M1', storeId, boundAt: new Date() })
    .returning({ id: posTerminal.id });
  const [c] = await db
    .insert(openClient)
    .values({ kind: 'pos', name: `测试终端${key}`, appKey: `t-${key}`, secretSealed: 'x', posTerminalId: terminal!.id })
    .returning({ id: openClient.id });
  return { clientId: c!.id, kind: 'pos', name: `测试终端${key}`, storeId };
};
