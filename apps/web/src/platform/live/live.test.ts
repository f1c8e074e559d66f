import { LIVE_API, LIVE_FALLBACK_POLL_MS } from '@zb/contract/api/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLive } from './live';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, () => void>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init: EventSourceInit,
  ) {
    FakeSource.all.push(this);
  }
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  open() {
    this.readyState = FakeSource.OPEN;
    this.onopen?.();
  }
  fail(state: number) {
    this.readyState = state;
    this.onerror?.();
  }
  emit(name: string) {
    this.listeners.get(name)?.();
  }
}

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live stream', () => {
  it('opens the stream with the session cookie, reports it open, and hands each event’s topic on', () => {
    const events: string[] = [];
    const states: boolean[] = [];
    const live = startLive({ onEvent: (t) => events.push(t), onConnected: (c) => states.push(c) });
    const [source] = FakeSource.all;
    expect(source).toMatchObject({ url: LIVE_API.stream.path, init: { withCredentials: true } });
    source!.open();
    source!.emit('notices');
    source!.emit('notices');
    expect(events).toEqual(['notices', 'notices']);
    expect(states).toEqual([false, true]);
    live.stop();
    expect(source!.closed).toBe(true);
  });

  it('leaves a dropped stream to the browser’s own reconnect, and opens a refused one again after a pause', () => {
    const states: boolean[] = [];
    const live = startLive({ onEvent: () => {}, onConnected: (c) => states.push(c) });
    const first = FakeSource.all[0]!;
    first.open();
    first.fail(FakeSource.CONNECTING); // a network drop: the browser comes back by itself
    vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS);
    expect(FakeSource.all).toHaveLength(1);
    first.fail(FakeSource.CLOSED); // refused: tried again after the pause, not before
    vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS - 1);
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(2);
    FakeSource.all[1]!.open();
    expect(states).toEqual([false, true, false, false, true]);
    live.stop();
    FakeSource.all[1]!.fail(FakeSource.CLOSED);
    vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS * 2);
    expect(FakeSource.all).toHaveLength(2); // stopped: never opened again
  });
});
