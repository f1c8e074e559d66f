/** An ordered list of quick-entry codes, headless: add (up to the limit), remove, move up or down. */
import { STORE_QUICK_MAX } from '@zb/contract/api/storeQuick';

export const addCode = (codes: readonly string[], code: string): string[] =>
  codes.includes(code) || codes.length >= STORE_QUICK_MAX ? [...codes] : [...codes, code];

export const removeCode = (codes: readonly string[], code: string): string[] => codes.filter((c) => c !== code);

/** Moves the code one place (-1 up, +1 down); at an end it stays. */
export const moveCode = (codes: readonly string[], code: string, delta: -1 | 1): string[] => {
  const from = codes.indexOf(code);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= codes.length) return [...codes];
  const next = [...codes];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};

export const sameOrder = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);
