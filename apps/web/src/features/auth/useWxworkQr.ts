/**
 * The WeCom QR panel, headless: loads the QR parameters, draws a fresh random state, asks the
 * simulator's status call every WXWORK_QR_POLL_MS whether a person confirmed (standing in for
 * WeCom's own QR frame), goes to /login?code=…&state=… when one did, and gives up after
 * WXWORK_QR_TTL_SECONDS until the user asks for a new code.
 */
import type { WxworkQrStatus } from '@zb/contract/api/wxwork';
import { WXWORK_QR_POLL_MS, WXWORK_QR_TTL_SECONDS } from '@zb/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../platform/apiError';
import { codeReturnPath, newQrState, qrLinkOf, rememberQrState } from './wxworkQrModel';

export type QrView =
  | { kind: 'loading' }
  | { kind: 'ready'; link: string }
  | { kind: 'expired' }
  | { kind: 'failed'; text: string };

export const QR_FAILED_TEXT = '获取企业微信扫码参数失败';

const askStatus = async (url: string, state: string): Promise<WxworkQrStatus | null> => {
  try {
    const res = await fetch(`${url}?state=${encodeURIComponent(state)}`, { cache: 'no-store' });
    return res.ok ? ((await res.json()) as WxworkQrStatus) : null;
  } catch {
    return null;
  }
};

/** `active` is false while the panel is hidden or a sign-in is under way: nothing is polled then. */
export function useWxworkQr(active: boolean) {
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [view, setView] = useState<QrView>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the refresh trigger.
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = (next?: QrView) => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(expiryTimer);
      if (next) setView(next);
    };
    const state = newQrState();
    rememberQrState(state);
    setView({ kind: 'loading' });

    void (async () => {
      let info: Awaited<ReturnType<typeof import('./wxworkApi').wxworkInfo>>;
      try {
        info = await (await import('./wxworkApi')).wxworkInfo();
      } catch (e) {
        if (!stopped) stop({ kind: 'failed', text: isApiError(e) && e.errmsg ? e.errmsg : QR_FAILED_TEXT });
        return;
      }
      if (stopped) return;
      if (!info?.qrConnectUrl) {
        stop({ kind: 'failed', text: QR_FAILED_TEXT });
        return;
      }
      setView({ kind: 'ready', link: qrLinkOf(info, state, window.location.origin) });
      expiryTimer = setTimeout(() => stop({ kind: 'expired' }), WXWORK_QR_TTL_SECONDS * 1000);
      const statusUrl = info.qrStatusUrl;
      // The real WeCom sends the browser back to /login?code=… itself.
      if (!statusUrl) return;
      const poll = async () => {
        const status = await askStatus(statusUrl, state);
        if (stopped) return;
        if (status?.status === 'confirmed' && status.code) {
          stop();
          navigate(codeReturnPath(status.code, state));
          return;
        }
        if (status?.status === 'expired') {
          stop({ kind: 'expired' });
          return;
        }
        pollTimer = setTimeout(() => void poll(), WXWORK_QR_POLL_MS);
      };
      pollTimer = setTimeout(() => void poll(), WXWORK_QR_POLL_MS);
    })();

    return () => stop();
  }, [active, round, navigate]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { view, refresh };
}
