/** Validation rules of SPEC §5, as zod schemas shared by the browser's forms and the server. */
import { z } from 'zod';
import {
  LOGIN_ACCOUNT_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  STORE_EMPLOYEE_ACCOUNT_PREFIX,
} from './constants';
import { MSG } from './messages';
import { isCalendarDay } from './time';

/** A day typed or sent as 'YYYY-MM-DD': the format first, then that the day exists. */
export const calendarDay = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDay, `${label}不是有效的日期`);

/** Longest reason a reviewer may give for 驳回 (orders, activities, member receive records). */
export const REJECT_REASON_MAX = 200;

/** The reason a 驳回 needs: required, trimmed, at most REJECT_REASON_MAX characters. */
export const rejectReason = z
  .string({ error: '请填写驳回原因' })
  .trim()
  .min(1, '请填写驳回原因')
  .max(REJECT_REASON_MAX, `驳回原因最多 ${REJECT_REASON_MAX} 个字符`);

/** Re-exported so callers of the rules keep one import; the strings live in messages.ts. */
export { MSG };

export const isStoreEmployeeAccount = (account: string): boolean =>
  account.trim().toUpperCase().startsWith(STORE_EMPLOYEE_ACCOUNT_PREFIX);

/** Login form: account and password (SPEC §5). The order of checks decides which message shows. */
export const loginAccountSchema = z
  .string({ error: MSG.accountRequired })
  .trim()
  .min(1, MSG.accountRequired)
  .max(LOGIN_ACCOUNT_MAX_LENGTH, MSG.accountTooLong)
  .refine((v) => !isStoreEmployeeAccount(v), MSG.accountUsePhone);

export const loginPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(LOGIN_PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

export const loginFormSchema = z.object({
  user: loginAccountSchema,
  password: loginPasswordSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const PASSWORD_CHARSET = /^[A-Za-z0-9]+$/;

/** A new password: 6 to 32 letters and digits. */
export const newPasswordSchema = (requiredMsg: string) =>
  z
    .string({ error: requiredMsg })
    .min(1, requiredMsg)
    .min(PASSWORD_MIN_LENGTH, MSG.passwordLength)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordLength)
    .regex(PASSWORD_CHARSET, MSG.passwordCharset);

/**
 * Change-password form. SPEC §5: the form itself does not check that new equals confirm;
 * the server does (ERR.NEW_PASSWORD_MISMATCH), so a typo never silently sets a password.
 */
export const passwordChangeSchema = z.object({
  oldPassword: z
    .string({ error: MSG.oldPasswordRequired })
    .min(1, MSG.oldPasswordRequired)
    .max(LOGIN_PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema(MSG.newPasswordRequired),
  confirmPassword: newPasswordSchema(MSG.confirmPasswordRequired),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Turns a zod error into field path → first Chinese message, as the browser's forms show them. */
export const fieldErrors = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
};

/** How deep a request's JSON may nest: deeper input is refused before any schema reads it. */
export const INPUT_DEPTH_MAX = 32;

export const INPUT_MSG = {
  nul: '不能包含空字符（\\u0000）',
  malformed: '包含无效的字符编码',
  tooDeep: `嵌套层级过深（最多 ${INPUT_DEPTH_MAX} 层）`,
} as const;

/**
 * What no text field may hold, whatever its schema: NUL (PostgreSQL's text and jsonb refuse it)
 * and a lone surrogate (not Unicode; jsonb refuses it). Null when the text is acceptable.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textProblem = (s: string): string | null => {
  if (s.includes('\u0000')) return INPUT_MSG.nul;
  if (LONE_SURROGATE.test(s)) return INPUT_MSG.malformed;
  return null;
};

/** A key named in a message, with what it cannot carry written out. */
const keyShown = (k: string): string =>
  k.replaceAll('\u0000', '\\u0000').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

/**
 * The first unacceptable piece of a request's input (path parameters, query or JSON body), as a
 * field path and its message: any string or key carrying what textProblem refuses, or nesting
 * deeper than INPUT_DEPTH_MAX. Walks without recursion, so no input can exhaust the stack.
 */
export const inputProblem = (input: unknown): { path: string; message: string } | null => {
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { path: path.join('.') || '_', message };
    } else if (typeof value === 'object' && value !== null) {
      if (path.length >= INPUT_DEPTH_MAX) return { path: path.join('.'), message: INPUT_MSG.tooDeep };
      for (const [k, v] of Object.entries(value)) {
        const message = textProblem(k);
        if (message) return { path: [...path, keyShown(k)].join('.'), message };
        stack.push([v, [...path, k]]);
      }
    }
  }
  return null;
};
