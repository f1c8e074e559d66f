/**
 * Whether a user opens a route (SPEC §6), apart from the route table so that the sign-in screens
 * can guard routes without loading the table.
 */

/** A user opens a route when it has no code or one of its codes is theirs; one code suffices. */
export const canOpen = (route: { readonly codes: readonly string[] }, codes: ReadonlySet<string>): boolean =>
  route.codes.length === 0 || route.codes.some((c) => codes.has(c));

export interface MenuContext {
  codes: ReadonlySet<string>;
  /** Store-count flag (synDWRole); the SCRM category hides when it is empty or 0. */
  storeCount: number | null | undefined;
}
