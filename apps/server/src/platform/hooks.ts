/**
 * A hook point: where a server module lets a module above it take part in its work without
 * importing it, so the dependency between modules points one way (scripts/check-imports.mjs
 * refuses a cycle). The owner declares the point and calls what is registered; the module above
 * registers its function when its routes are registered (app.ts), never as a side effect of an
 * import. Registering the same function again keeps one.
 */
export interface HookPoint<F> {
  register: (fn: F) => void;
  /** What is registered, in the order it was. */
  registered: () => readonly F[];
}

export const hookPoint = <F>(): HookPoint<F> => {
  const fns = new Set<F>();
  return { register: (fn) => void fns.add(fn), registered: () => [...fns] };
};
