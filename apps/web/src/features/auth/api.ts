/** The sign-in calls of SPEC §7.1 as the login page makes them. */
import { AUTH_API, type SwitchTicket } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import type { LoginForm } from '@zb/contract/rules';
import { call } from '../../platform/http';

// Sign-in steps move the user on to the next screen; a 成功 notice on each would only be noise.
const STEP = { success: false } as const;

/**
 * The page shows LOGIN-51005 itself (its message beside the 申请老板权限 button) and LOGIN-51008
 * as a 提示 warning, so neither gets the generic 警告 alert.
 */
export const login = (form: LoginForm) =>
  call(
    AUTH_API.login,
    { body: form },
    { ...STEP, handled: [ERR.LOGIN_BOSS_APPROVAL_REQUIRED, ERR.LOGIN_APPROVAL_PENDING] },
  );

export const adminResources = () => call(AUTH_API.getRResources);

export const selectRole = (userRoleId: number) => call(AUTH_API.selectHierRole, { params: { userRoleId } }, STEP);

export const storeCount = () => call(AUTH_API.synDWRole);

export const loginInfo = () => call(AUTH_API.loginInfo);

/** A refused quick login is shown by the page as a 提示, not the generic 警告. */
export const quickLogin = () => call(AUTH_API.quickLogin, {}, { ...STEP, handled: [ERR.TICKET_INVALID] });

/** /xxbLogin: a refused ticket gets the generic alert with the server's message. */
export const ticketLogin = (ticket: SwitchTicket) => call(AUTH_API.ticketLogin, { body: ticket }, STEP);
