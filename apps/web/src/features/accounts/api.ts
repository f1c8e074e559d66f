/** The account calls beyond the engine's: reset password and setCa. */
import { ACCOUNT_API } from '@zb/contract/entities/account';
import { call } from '../../platform/http';

export const resetPassword = (id: number, password: string, confirmPassword: string) =>
  call(ACCOUNT_API.resetPassword, { params: { id }, body: { password, confirmPassword } });

export const setAdmin = (id: number, admin: boolean) => call(ACCOUNT_API.setCa, { params: { id }, body: { admin } });
