/**
 * Short-lived, single-use tickets: what a role switch, a quick login or a boss-permission
 * application carries instead of a password. A ticket is an encrypted payload (kind, data,
 * expiry, id); using it records its id, so it signs in once even across server instances.
 */
import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Cipher } from './crypto';
import { usedTicket } from './schema';

export type TicketKind = 'switchRole' | 'quickLogin' | 'bossAuthority';

interface Sealed<T> {
  k: TicketKind;
  d: T;
  exp: number;
  jti: string;
}

export interface OpenedTicket<T> {
  data: T;
  jti: string;
  expiresAt: Date;
}

export const issueTicket = <T>(
  cipher: Cipher,
  kind: TicketKind,
  data: T,
  ttlSeconds: number,
  now = new Date(),
): string =>
  cipher.encrypt(
    JSON.stringify({ k: kind, d: data, exp: now.getTime() + ttlSeconds * 1000, jti: randomUUID() } satisfies Sealed<T>),
  );

/** The ticket's data when it is this kind, genuine and not expired; null otherwise. */
export const openTicket = <T>(
  cipher: Cipher,
  token: string,
  kind: TicketKind,
  now = new Date(),
): OpenedTicket<T> | null => {
  const text = cipher.decrypt(token);
  if (!text) return null;
  let sealed: Sealed<T>;
  try {
    sealed = JSON.parse(text) as Sealed<T>;
  } catch {
    return null;
  }
  if (sealed.k !== kind || typeof sealed.exp !== 'number' || sealed.exp <= now.getTime()) return null;
  return { data: sealed.d, jti: sealed.jti, expiresAt: new Date(sealed.exp) };
};

/** Marks the ticket used; false when it already was. Call inside the transaction that acts on it. */
export const consumeTicket = async (db: Db, ticket: OpenedTicket<unknown>): Promise<boolean> => {
  const rows = await db
    .insert(usedTicket)
    .values({ jti: ticket.jti, expiresAt: ticket.expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedTicket.jti });
  return rows.length === 1;
};

/** Forgets used tickets past their expiry (they would be refused as expired anyway). */
export const purgeUsedTickets = async (db: Db, now = new Date()): Promise<void> => {
  await db.delete(usedTicket).where(lt(usedTicket.expiresAt, now));
};
