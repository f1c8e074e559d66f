/**
 * The live channel (issue 17 "Live"): one server-sent event stream per open console tab. The
 * server sends an event naming what changed for the signed-in user (never the data itself); the
 * browser then reads it again through its usual call. Every instance of the server hears every
 * change (PostgreSQL LISTEN/NOTIFY; PGlite's in-process notifications), so a tab connected to any
 * instance hears a change made through another.
 */
import { endpoint, OPEN } from './endpoint';

/**
 * What an event says changed: the bell's notices (unread count and list); tasks, the messages and
 * tasks a store read or answered (消息中心's lists and details, whose queries are keyed under 'tasks').
 */
export const LIVE_TOPICS = ['notices', 'tasks'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** How long the browser waits before reconnecting after the stream drops (SSE `retry:`). */
export const LIVE_RETRY_MS = 2_000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** While the stream is down, the bell is read this often instead. */
export const LIVE_FALLBACK_POLL_MS = 30_000;

export const LIVE_API = {
  /**
   * text/event-stream, not an envelope. No account-version header: EventSource cannot send one;
   * the session cookie names the user, and a session ended answers the usual envelope refusal.
   */
  stream: endpoint<undefined, undefined, never>({
    method: 'GET',
    path: '/rest/live/stream',
    access: OPEN,
    accountVersion: false,
    stream: true,
    summary: '实时事件流',
  }),
} as const;
