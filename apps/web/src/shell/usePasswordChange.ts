/**
 * 修改密码 (SPEC §4, §5) as a headless hook: the contract's rules as form validators, 确认修改？
 * before submitting, 确认关闭？ before closing a form with contents, and on errcode 0 the logout.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import { MSG, type PasswordChange, passwordChangeSchema } from '@zb/contract/rules';
import { useCallback, useState } from 'react';
import { confirm } from '../platform/alerts';
import { zodRule } from '../platform/formRules';
import { call } from '../platform/http';

export const PASSWORD_RULES = {
  oldPassword: [zodRule(passwordChangeSchema.shape.oldPassword)],
  newPassword: [zodRule(passwordChangeSchema.shape.newPassword)],
  confirmPassword: [zodRule(passwordChangeSchema.shape.confirmPassword)],
} as const;

/** Whether the form holds anything worth a 确认关闭？. */
export const hasContents = (values: Partial<PasswordChange>): boolean =>
  Object.values(values).some((v) => typeof v === 'string' && v.length > 0);

export const usePasswordChange = (onChanged: () => Promise<void> | void) => {
  const [submitting, setSubmitting] = useState(false);

  /** Resolves true when the password changed (and the logout began). */
  const submit = useCallback(
    async (values: PasswordChange): Promise<boolean> => {
      if (!(await confirm(MSG.confirmModify))) return false;
      setSubmitting(true);
      try {
        await call(AUTH_API.modifyPassword, { body: values });
      } catch {
        return false; // The http client has shown the 警告 (原密码错误 and the like).
      } finally {
        setSubmitting(false);
      }
      await onChanged();
      return true;
    },
    [onChanged],
  );

  /** Resolves true when the modal may close. */
  const requestClose = useCallback(
    async (values: Partial<PasswordChange>): Promise<boolean> => !hasContents(values) || confirm(MSG.confirmClose),
    [],
  );

  return { submitting, submit, requestClose };
};
