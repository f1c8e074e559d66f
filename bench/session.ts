/** Signing in to a running server as a browser does: the session cookie and the account-version header. */
import { ACCOUNT_VERSION_HEADER, accountVersion } from '@zb/contract/constants';

export const signIn = async (base: string, user: string, password: string): Promise<Record<string, string>> => {
  const res = await fetch(`${base}/rest/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const json = (await res.json()) as {
    errcode: string;
    errmsg: string;
    data: { loginName: string; createdDate: string };
  };
  if (json.errcode !== '0') throw new Error(`sign-in of ${user} failed: ${json.errmsg}`);
  return { cookie, [ACCOUNT_VERSION_HEADER]: accountVersion(json.data.loginName, json.data.createdDate) };
};
