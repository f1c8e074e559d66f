/** The content module's open-API call: the mini-program counts a read of a 已发布 软文. */
import { type OpenSoftTextReadAnswer, openSoftTextReadBody } from '@zb/contract/entities/content';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';
import { type OpenCaller, openRoute } from '../openApi/types';
import { softText, softTextRead } from './schema';

/** Counted once per sender's number; a retry answers the count as it is. */
export const readSoftText = (
  db: Db,
  caller: OpenCaller,
  body: { readNo: string; id: number; at: string },
): Promise<OpenSoftTextReadAnswer> =>
  db.transaction(async (tx) => {
    const current = async (replayed: boolean) => {
      const [t] = await tx.select({ reads: softText.reads }).from(softText).where(eq(softText.id, body.id));
      return { id: body.id, reads: t?.reads ?? 0, replayed };
    };
    const [prev] = await tx
      .select({ id: softTextRead.id })
      .from(softTextRead)
      .where(and(eq(softTextRead.clientId, caller.clientId), eq(softTextRead.readNo, body.readNo)));
    if (prev) return current(true);
    const [article] = await tx
      .select({ status: softText.status })
      .from(softText)
      .where(eq(softText.id, body.id))
      .for('update');
    if (article?.status !== 'published') throw new BizError(ERR.SOFT_TEXT_NOT_PUBLISHED);
    const [added] = await tx
      .insert(softTextRead)
      .values({ softTextId: body.id, clientId: caller.clientId, readNo: body.readNo, readAt: new Date(body.at) })
      .onConflictDoNothing()
      .returning({ id: softTextRead.id });
    if (!added) return current(true);
    const [u] = await tx
      .update(softText)
      .set({ reads: sql`${softText.reads} + 1` })
      .where(eq(softText.id, body.id))
      .returning({ reads: softText.reads });
    return { id: body.id, reads: u!.reads, replayed: false };
  });

export const CONTENT_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.softTextReads,
    body: openSoftTextReadBody,
    kinds: ['mini'],
    handle: (db, caller, body) => readSoftText(db, caller, body),
  }),
];
