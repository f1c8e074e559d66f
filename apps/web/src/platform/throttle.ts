/**
 * The double-click guard of SPEC §9: one submit attempt per SUBMIT_THROTTLE_MS. Headless: a
 * pure gate plus a hook that wraps a submit handler; the button stays an ordinary antd Button.
 */
import { SUBMIT_THROTTLE_MS } from '@zb/contract/constants';
import { useCallback, useRef } from 'react';

/** A gate that lets one call through, then refuses calls for `ms` after it. */
export const createThrottle = (ms: number = SUBMIT_THROTTLE_MS, now: () => number = Date.now) => {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
};

/** Wraps a submit handler so a double click (or a double Enter) submits once. */
export const useThrottledSubmit = <A extends unknown[]>(
  handler: (...args: A) => unknown,
  ms: number = SUBMIT_THROTTLE_MS,
): ((...args: A) => void) => {
  const gate = useRef<(() => boolean) | null>(null);
  gate.current ??= createThrottle(ms);
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback((...args: A) => {
    if (gate.current?.()) void latest.current(...args);
  }, []);
};
