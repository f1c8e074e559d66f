/**
 * Cache relations (a declaration's `stale`): what a write of an entity makes stale in the
 * browser's query cache besides the entity's own lists, details and calls. A name is another
 * resource's `name`; LOOKUPS is every lookup select. No imports, so the query client of the
 * shell reads it without loading the declarations or zod.
 */

/** In `stale`: every lookup select (master items, labels…), fetched once and kept otherwise. */
export const LOOKUPS = 'lookups';
