/**
 * The WeCom (企业微信) QR sign-in as the login page sees it. The QR code points at WeCom's
 * qrConnect page; with the local simulator the page also asks the simulator's qrStatus whether
 * a person confirmed (standing in for what WeCom's own QR frame does).
 */

export type WxworkQrState = 'waiting' | 'confirmed' | 'expired';

/** GET {qrStatusUrl}?state=… answers this (plain JSON, not the envelope: it is WeCom's side). */
export interface WxworkQrStatus {
  status: WxworkQrState;
  /** The one-time code, once a person confirmed. */
  code?: string;
}

/** The qrConnect link the QR code carries (WeCom's web-login protocol). */
export const qrConnectLink = (
  qrConnectUrl: string,
  p: { appid: string; agentid: string; redirectUri: string; state: string },
): string => {
  const pairs: [string, string][] = [
    ['appid', p.appid],
    ['agentid', p.agentid],
    ['redirect_uri', p.redirectUri],
    ['state', p.state],
  ];
  return `${qrConnectUrl}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
};
