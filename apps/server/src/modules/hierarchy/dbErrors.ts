/** PostgreSQL errors as both drivers raise them (drizzle wraps the driver's error in `cause`). */

interface PgErrorLike {
  code?: string;
  /** PGlite. */
  constraint?: string;
  /** postgres-js. */
  constraint_name?: string;
  cause?: unknown;
}

/** The unique constraint a unique violation (23505) hit, or null when the error is something else. */
export const uniqueViolation = (err: unknown): string | null => {
  for (let e = err as PgErrorLike | undefined, depth = 0; e && depth < 5; e = e.cause as PgErrorLike, depth++) {
    if (e.code === '23505') return e.constraint ?? e.constraint_name ?? '';
  }
  return null;
};
