/**
 * Live events (contract api/live.ts): a change that an open console should show at once is
 * published with the transaction that makes it (publishLive: pg_notify, delivered on commit and
 * only then), heard by every instance on one channel, and written as a server-sent event to the
 * streams of the users it names on this instance. An event carries only its topic: the browser
 * reads the data again through its usual, permission-checked call.
 */
import { PassThrough } from 'node:stream';
import { LIVE_API, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, LIVE_TOPICS, type LiveTopic } from '@zb/contract/api/live';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { type Db, subscriberOf, type Tx } from '../../db/client';
import { route, Streamed } from '../route';

export const LIVE_CHANNEL = 'zb_live';

export interface LiveEvent {
  topic: LiveTopic;
  userIds: number[];
}

/** A notification's payload stays far under PostgreSQL's 8,000 bytes: at most this many users each. */
const USERS_PER_NOTIFY = 500;

/** Tells every instance, when `tx` commits, that `topic` changed for these users (nothing if it rolls back). */
export const publishLive = async (tx: Db | Tx, topic: LiveTopic, userIds: readonly number[]): Promise<void> => {
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += USERS_PER_NOTIFY) {
    const event: LiveEvent = { topic, userIds: ids.slice(i, i + USERS_PER_NOTIFY) };
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
  }
};

const parseEvent = (payload: string): LiveEvent | null => {
  try {
    const e = JSON.parse(payload) as Partial<LiveEvent>;
    if (!LIVE_TOPICS.includes(e.topic as LiveTopic) || !Array.isArray(e.userIds)) return null;
    return e as LiveEvent;
  } catch {
    return null;
  }
};

export const livePlugin = fp(
  async (app) => {
    /** The open streams of this instance, by user. */
    const streams = new Map<number, Set<PassThrough>>();
    let unsubscribe: (() => Promise<void>) | null = null;

    app.addHook('onReady', async () => {
      const subscribe = subscriberOf(app.db);
      if (!subscribe) return;
      // Not hearing them costs the consoles their instant bell (they poll instead), not the start.
      unsubscribe = await subscribe(LIVE_CHANNEL, (payload) => {
        const e = parseEvent(payload);
        if (!e) return;
        for (const id of e.userIds) {
          for (const s of streams.get(id) ?? []) s.write(`event: ${e.topic}\ndata: {}\n\n`);
        }
      }).catch((err: unknown) => {
        app.log.error({ err }, 'live events: listening failed');
        return null;
      });
    });

    // Open streams would hold the server's close until the browsers leave: end them first.
    app.addHook('preClose', async () => {
      for (const set of streams.values()) for (const s of set) s.end();
      streams.clear();
      await unsubscribe?.().catch(() => {});
    });

    route(app, LIVE_API.stream, (_input, { req, signedIn }) => {
      const userId = signedIn().user.id;
      const stream = new PassThrough();
      const mine = streams.get(userId) ?? new Set<PassThrough>();
      mine.add(stream);
      streams.set(userId, mine);
      // The first lines: how soon to come back after a drop, and a comment that opens the stream.
      stream.write(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`);
      const beat = setInterval(() => stream.write(': \n\n'), LIVE_HEARTBEAT_MS);
      beat.unref();
      req.raw.once('close', () => {
        clearInterval(beat);
        mine.delete(stream);
        if (mine.size === 0 && streams.get(userId) === mine) streams.delete(userId);
        stream.end();
      });
      return new Streamed(stream, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
    });
  },
  { name: 'live' },
);
