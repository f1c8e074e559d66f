/**
 * recordEvent writes one system event. It never throws: an event that cannot be written goes
 * to the server log instead, so logging never breaks the sign-in or the error answer it records.
 */
import type { EventKind, EventLevel } from '@zb/contract/entities/logs';
import type { Db } from '../../db/client';
import { systemEvent } from './schema';

export interface SystemEvent {
  level: EventLevel;
  kind: EventKind;
  /** Chinese, one line. */
  message: string;
  instance: string;
  userId?: number | null;
  loginName?: string | null;
  ip?: string | null;
  detail?: unknown;
  at?: Date;
}

export const recordEvent = async (
  db: Db,
  e: SystemEvent,
  onError: (err: unknown) => void = (err) => console.error('system event write failed', err),
): Promise<void> => {
  try {
    await db.insert(systemEvent).values({
      level: e.level,
      kind: e.kind,
      message: e.message.slice(0, 1000),
      instance: e.instance,
      userId: e.userId ?? null,
      loginName: e.loginName?.slice(0, 100) ?? null,
      ip: e.ip ?? null,
      detail: e.detail ?? null,
      ...(e.at ? { at: e.at } : {}),
    });
  } catch (err) {
    onError(err);
  }
};
