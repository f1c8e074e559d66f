/**
 * The live stream (contract api/live.ts), headless: one EventSource per tab while the console is
 * open. Each event names a topic that changed for the user; the caller reads it again. The
 * browser reconnects by itself after a network drop or a server restart (the server's `retry:`);
 * a stream refused outright (a session that ended, a proxy that answers something else) is
 * closed by the browser, and tried again here after a pause. While it is not open, `connected`
 * is false and the caller falls back to polling.
 */
import { LIVE_API, LIVE_FALLBACK_POLL_MS, LIVE_TOPICS, type LiveTopic } from '@zb/contract/api/live';

export interface LiveHandle {
  stop(): void;
}

export interface LiveCallbacks {
  onEvent(topic: LiveTopic): void;
  onConnected(connected: boolean): void;
}

/** Opens the stream; `stop` closes it for good. Without EventSource (old browsers, jsdom) it only reports not connected. */
export const startLive = ({ onEvent, onConnected }: LiveCallbacks): LiveHandle => {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const open = () => {
    if (stopped || typeof EventSource === 'undefined') return;
    source = new EventSource(LIVE_API.stream.path, { withCredentials: true });
    source.onopen = () => onConnected(true);
    source.onerror = () => {
      onConnected(false);
      // CONNECTING: the browser is already coming back. CLOSED: it gave up; try again later.
      if (source?.readyState === EventSource.CLOSED) {
        source = null;
        retry = setTimeout(open, LIVE_FALLBACK_POLL_MS);
      }
    };
    for (const topic of LIVE_TOPICS) source.addEventListener(topic, () => onEvent(topic));
  };
  onConnected(false);
  open();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      source = null;
    },
  };
};
