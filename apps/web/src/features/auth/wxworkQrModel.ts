/** Pure pieces of the WeCom QR panel: the state, the link, the address the code comes back to. */
import type { WxworkInfo } from '@zb/contract/api/auth';
import { qrConnectLink } from '@zb/contract/api/wxwork';
import { PUBLIC_PATHS } from '@zb/contract/paths';

/** Query keys WeCom redirects back with (SPEC §4: a code in the query signs in). */
export const CODE_PARAM = 'code';
export const STATE_PARAM = 'state';

/** A random, URL-safe QR state (24 characters). */
export const newQrState = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

/** The link the QR code carries: WeCom's qrConnect page, coming back to this origin's /login. */
export const qrLinkOf = (info: WxworkInfo, state: string, origin: string): string =>
  qrConnectLink(info.qrConnectUrl, {
    appid: info.appid,
    agentid: info.agentid,
    redirectUri: origin + PUBLIC_PATHS.login,
    state,
  });

/** Where the page goes once the person confirmed: /login with the code and the state. */
export const codeReturnPath = (code: string, state: string): string =>
  `${PUBLIC_PATHS.login}?${new URLSearchParams({ [CODE_PARAM]: code, [STATE_PARAM]: state }).toString()}`;

/**
 * The states this tab drew a QR code with. WeCom hands the state back unchanged with the code;
 * a code arriving with a state this tab never drew (a forged sign-in link) is not used.
 */
const STATES_KEY = 'zb.wxworkQrStates';
const KEEP_STATES = 5;

export const rememberQrState = (state: string): void => {
  const kept = JSON.parse(sessionStorage.getItem(STATES_KEY) ?? '[]') as string[];
  sessionStorage.setItem(STATES_KEY, JSON.stringify([state, ...kept].slice(0, KEEP_STATES)));
};

/** Whether this tab drew the state; each state is good for one return. */
export const takeQrState = (state: string | null): boolean => {
  if (!state) return false;
  const kept = JSON.parse(sessionStorage.getItem(STATES_KEY) ?? '[]') as string[];
  if (!kept.includes(state)) return false;
  sessionStorage.setItem(STATES_KEY, JSON.stringify(kept.filter((s) => s !== state)));
  return true;
};

export const FOREIGN_STATE_TEXT = '登录链接校验失败，请重新扫码登录';
