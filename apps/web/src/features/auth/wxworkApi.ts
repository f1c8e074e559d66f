/** The WeCom (企业微信) sign-in calls as the login page makes them; loaded with the QR tab. */
import { AUTH_API } from '@zb/contract/api/auth';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';

/** The QR parameters; the QR panel shows a failure itself. */
export const wxworkInfo = () => call(AUTH_API.wxworkInfo, {}, { alert: false });

/**
 * Signs in with the code WeCom handed back. Failures follow SPEC §8's enterprise-login rule in
 * the http client; the boss-permission codes are shown by the page, as after a password sign-in.
 */
export const wxworkCodeLogin = (code: string) =>
  call(
    AUTH_API.wxworkLogin,
    { query: { code } },
    { success: false, handled: [ERR.LOGIN_BOSS_APPROVAL_REQUIRED, ERR.LOGIN_APPROVAL_PENDING] },
  );
