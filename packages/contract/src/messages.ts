/**
 * The messages of SPEC §5's rules and the shared confirm questions, as plain strings. They sit
 * apart from rules.ts, which builds the zod schemas when imported, so a page that only shows a
 * message (the alerts' 确认关闭？) does not load zod (about 24 KB gzip). rules.ts uses these.
 */
import {
  LOGIN_ACCOUNT_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants';

export const MSG = {
  accountRequired: '请输入账号',
  accountUsePhone: '请使用手机号登录',
  accountTooLong: `账号最多 ${LOGIN_ACCOUNT_MAX_LENGTH} 个字符`,
  passwordRequired: '请输入密码',
  passwordTooLong: `密码最多 ${LOGIN_PASSWORD_MAX_LENGTH} 个字符`,
  oldPasswordRequired: '请输入原密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请再次输入新密码',
  passwordLength: `长度在 ${PASSWORD_MIN_LENGTH} 到 ${PASSWORD_MAX_LENGTH} 个字符`,
  passwordCharset: '只能输入数字和大小写字母',
  confirmModify: '确认修改？',
  confirmClose: '确认关闭？',
} as const;
