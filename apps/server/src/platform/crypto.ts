/**
 * The symmetric helper of SPEC §9: encrypts and decrypts text with AES-256-GCM (authenticated, so
 * a tampered or forged text is refused) and answers URL-safe text (base64url). The key comes from
 * server configuration (ZB_SECRET) or, when that is unset, from a random secret stored in the
 * database on first start so every instance shares it. It never reaches the browser.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSetting } from './schema';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const SECRET_KEY = 'cipher_secret';

export interface Cipher {
  /** Encrypts text; the answer is URL-safe. */
  encrypt(text: string): string;
  /** The text, or null when the input was not made by this key or was altered. */
  decrypt(token: string): string | null;
}

export const createCipher = (secret: string): Cipher => {
  if (secret.length < 16) throw new Error('the cipher secret must be at least 16 characters');
  const key = Buffer.from(hkdfSync('sha256', secret, 'zb-cipher', 'aes-256-gcm', 32));
  return {
    encrypt(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    decrypt(token) {
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
};

/** The configured secret, else the one stored in the database (created once, race-free). */
export const loadCipherSecret = async (db: Db, configured: string | null): Promise<string> => {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, SECRET_KEY));
  if (!row) throw new Error('cipher secret missing after insert');
  return row.value;
};

/**
 * A key for one purpose (a card's claim code, …) derived from the server secret: a key of its own,
 * so what one purpose reveals says nothing about the cipher or another purpose.
 */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, `zb-${purpose}`, purpose, 32));
