/**
 * Independent statements of one transaction sent together: each started in the order given
 * before any answer is awaited. postgres-js then writes them to its connection in one go
 * (pipelining: one write and one wake-up of the backend instead of one per statement), and
 * PostgreSQL runs them one after another in that order, so a statement still sees what the ones
 * before it did or waited for (a lock taken by the first is held when the second takes its
 * snapshot). PGlite runs them one after another too. A failing statement fails the transaction
 * as it would alone; the first failure is what the caller gets.
 *
 * Each part is a function starting its work. The order holds between parts that each answer one
 * drizzle query as built (not yet run): they start in the order given. A part that is an async
 * function, or awaits before its statement, starts later than that: use such parts only for
 * statements independent of the others.
 */
export const pipelined = <T extends readonly unknown[]>(
  ...parts: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> =>
  Promise.all(
    // `then` called at once, part by part: drizzle's queries are lazy until then.
    parts.map((part) => new Promise((resolve, reject) => part().then(resolve, reject))),
  ) as unknown as Promise<T>;
