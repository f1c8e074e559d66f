/**
 * Runs a contract zod schema as a form validator, so a form shows exactly the contract's
 * Chinese message (the first issue in the schema's order). Shaped like an antd Form rule
 * without importing antd, so it stays headless.
 */

/** What the rule needs of a zod schema (structural, so this folder needs no zod import of its own). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

export interface ValidatorRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/** The schema's first message for a value, or null when it passes. */
export const firstIssue = (schema: SafeParser, value: unknown): string | null => {
  const result = schema.safeParse(value ?? '');
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** A rule from a schema, or from a loader of one (so a page can paint before the schema library arrives). */
export const zodRule = (schema: SafeParser | (() => Promise<SafeParser>)): ValidatorRule => ({
  validator: async (_rule, value) => {
    const message = firstIssue(typeof schema === 'function' ? await schema() : schema, value);
    if (message !== null) throw new Error(message);
  },
});
