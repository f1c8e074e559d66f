import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarDay,
  fieldErrors,
  INPUT_DEPTH_MAX,
  INPUT_MSG,
  inputProblem,
  isStoreEmployeeAccount,
  loginAccountSchema,
  loginFormSchema,
  loginPasswordSchema,
  MSG,
  passwordChangeSchema,
} from './rules';

/** The messages a schema answers with, in order; empty when the value passes. */
const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

/** The first message per field, as the forms show it. */
const formErrors = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

const change = (over: Partial<Record<'oldPassword' | 'newPassword' | 'confirmPassword', string>>) => ({
  oldPassword: 'old123',
  newPassword: 'abc123',
  confirmPassword: 'abc123',
  ...over,
});

describe('login account', () => {
  it('accepts an account of up to 15 characters', () => {
    expect(messages(loginAccountSchema, 'a'.repeat(15))).toEqual([]);
    expect(messages(loginAccountSchema, '13800000001')).toEqual([]);
  });

  it('refuses a 16-character account with the length message', () => {
    expect(messages(loginAccountSchema, 'a'.repeat(16))).toEqual([MSG.accountTooLong]);
    expect(MSG.accountTooLong).toBe('账号最多 15 个字符');
  });

  it('asks for the account when it is empty, blank or missing', () => {
    expect(messages(loginAccountSchema, '')).toEqual(['请输入账号']);
    expect(messages(loginAccountSchema, '   ')).toEqual(['请输入账号']);
    expect(messages(loginAccountSchema, undefined)).toEqual(['请输入账号']);
  });

  it('sends store employees (SYYG accounts) to phone login, whatever the case or leading spaces', () => {
    for (const account of ['SYYG001', 'syyg001', 'Syyg001', '  SYYG001', ' syyg001 ']) {
      expect(messages(loginAccountSchema, account), account).toEqual(['请使用手机号登录']);
      expect(isStoreEmployeeAccount(account)).toBe(true);
    }
  });

  it('does not mistake SYYG elsewhere in the account for the prefix', () => {
    expect(messages(loginAccountSchema, 'ASYYG01')).toEqual([]);
    expect(isStoreEmployeeAccount('zhangsan')).toBe(false);
  });

  it('trims the account it hands on', () => {
    expect(loginAccountSchema.parse('  zhangsan ')).toBe('zhangsan');
  });
});

describe('login password', () => {
  it('asks for the password when it is empty or missing', () => {
    expect(messages(loginPasswordSchema, '')).toEqual(['请输入密码']);
    expect(messages(loginPasswordSchema, undefined)).toEqual(['请输入密码']);
  });

  it('accepts 32 characters and refuses 33', () => {
    expect(messages(loginPasswordSchema, 'p'.repeat(32))).toEqual([]);
    expect(messages(loginPasswordSchema, 'p'.repeat(33))).toEqual([MSG.passwordTooLong]);
  });

  it('does not apply the change-password charset at login', () => {
    expect(messages(loginPasswordSchema, 'a b!密')).toEqual([]);
  });

  it('reports both fields of an empty login form', () => {
    expect(formErrors(loginFormSchema, {})).toEqual({ user: '请输入账号', password: '请输入密码' });
    expect(formErrors(loginFormSchema, { user: 'zhangsan', password: 'secret' })).toEqual({});
  });
});

describe('change password', () => {
  it('accepts letters and digits of 6 to 32 characters', () => {
    expect(formErrors(passwordChangeSchema, change({}))).toEqual({});
    const six = 'Abc123';
    const thirtyTwo = 'aB3'.repeat(10).concat('xy');
    expect(thirtyTwo).toHaveLength(32);
    expect(formErrors(passwordChangeSchema, change({ newPassword: six, confirmPassword: six }))).toEqual({});
    expect(formErrors(passwordChangeSchema, change({ newPassword: thirtyTwo, confirmPassword: thirtyTwo }))).toEqual(
      {},
    );
  });

  it('asks for the old password', () => {
    expect(formErrors(passwordChangeSchema, change({ oldPassword: '' }))).toEqual({ oldPassword: '请输入原密码' });
    expect(formErrors(passwordChangeSchema, { newPassword: 'abc123', confirmPassword: 'abc123' })).toEqual({
      oldPassword: '请输入原密码',
    });
  });

  it('asks for the new and the confirmation passwords', () => {
    expect(formErrors(passwordChangeSchema, change({ newPassword: '', confirmPassword: '' }))).toEqual({
      newPassword: MSG.newPasswordRequired,
      confirmPassword: MSG.confirmPasswordRequired,
    });
  });

  it('refuses 5 and 33 characters with the length message, for new and confirm alike', () => {
    const length = '长度在 6 到 32 个字符';
    expect(MSG.passwordLength).toBe(length);
    expect(formErrors(passwordChangeSchema, change({ newPassword: 'abc12', confirmPassword: 'abc12' }))).toEqual({
      newPassword: length,
      confirmPassword: length,
    });
    const long = 'a'.repeat(33);
    expect(formErrors(passwordChangeSchema, change({ newPassword: long, confirmPassword: long }))).toEqual({
      newPassword: length,
      confirmPassword: length,
    });
  });

  it('refuses symbols, Chinese characters and spaces', () => {
    const charset = '只能输入数字和大小写字母';
    for (const bad of ['abc123!', 'abc_123', '密码abc123', 'abc 123', ' abc123']) {
      expect(formErrors(passwordChangeSchema, change({ newPassword: bad, confirmPassword: bad })), bad).toEqual({
        newPassword: charset,
        confirmPassword: charset,
      });
    }
  });

  it('does not check that new and confirm are equal (SPEC §5; the server does)', () => {
    expect(formErrors(passwordChangeSchema, change({ newPassword: 'abc123', confirmPassword: 'xyz789' }))).toEqual({});
  });

  it('quotes the confirmation prompts', () => {
    expect(MSG.confirmModify).toBe('确认修改？');
    expect(MSG.confirmClose).toBe('确认关闭？');
  });
});

describe('calendarDay', () => {
  const day = calendarDay('开始日期');
  it('takes a real day, leap days included', () => {
    for (const s of ['2026-11-22', '2024-02-29', '1900-01-01', '2199-12-31'])
      expect(day.safeParse(s).success).toBe(true);
  });
  it('refuses a wrong format and a day that does not exist, naming the field', () => {
    expect(day.safeParse('2026/11/22').error?.issues[0]?.message).toBe('开始日期格式应为 YYYY-MM-DD');
    for (const s of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '0000-01-01', '9999-01-01']) {
      expect(day.safeParse(s).error?.issues[0]?.message).toBe('开始日期不是有效的日期');
    }
  });
});

describe('fieldErrors', () => {
  it('maps each field path to its first message only', () => {
    const result = passwordChangeSchema.safeParse({ oldPassword: '', newPassword: '', confirmPassword: 'ab!' });
    expect(result.success).toBe(false);
    if (result.success) return;
    // The empty new password fails three checks; only the first one is shown.
    expect(result.error.issues.filter((i) => i.path[0] === 'newPassword').length).toBeGreaterThan(1);
    expect(fieldErrors(result.error)).toEqual({
      oldPassword: '请输入原密码',
      newPassword: MSG.newPasswordRequired,
      confirmPassword: '长度在 6 到 32 个字符',
    });
  });

  it('uses "_" for an error of the whole value', () => {
    const result = loginAccountSchema.safeParse('');
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ _: '请输入账号' });
  });
});

describe('inputProblem: what no field of any request may hold', () => {
  it('finds a NUL or a lone surrogate in any string or key, at its path', () => {
    expect(inputProblem({ name: 'ok', lines: [{ remark: 'a\u0000b' }] })).toEqual({
      path: 'lines.0.remark',
      message: INPUT_MSG.nul,
    });
    expect(inputProblem({ name: '\ud800' })).toEqual({ path: 'name', message: INPUT_MSG.malformed });
    expect(inputProblem({ 'a\u0000': 1 })).toEqual({ path: 'a\\u0000', message: INPUT_MSG.nul });
    expect(inputProblem('a\u0000')).toEqual({ path: '_', message: INPUT_MSG.nul });
  });

  it('lets well-formed text through, emoji (surrogate pairs) included', () => {
    expect(inputProblem({ name: '张三 👩‍🔧', n: 1, ok: true, list: [null, 'x'] })).toBeNull();
    expect(inputProblem(undefined)).toBeNull();
  });

  it('refuses nesting past INPUT_DEPTH_MAX without exhausting the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem({ deep })?.message).toBe(INPUT_MSG.tooDeep);
    let ok: unknown = 'x';
    for (let i = 0; i < INPUT_DEPTH_MAX - 1; i++) ok = [ok];
    expect(inputProblem(ok)).toBeNull();
  });
});
