/**
 * What the browser does with an answer (SPEC §8), as pure decisions (reactionTo, successText)
 * plus the one function that carries a reaction out. http.ts is the only caller.
 */
import { AUTH_API } from '@zb/contract/api/auth';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { ERR, ERRMSG, isSessionErrcode, STORE_AUTH_CODES, WXWORK_LOGIN_ABNORMAL } from '@zb/contract/errcodes';
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { notify, showAlert } from './alerts';
import { navigateTo } from './navigation';
import { endSession, sessionEnded } from './session';

/**
 * Options of a call. Notices follow one rule: a mutation (any method but GET) that answers "0"
 * shows the green 成功 notice with the server's errmsg, because the user just changed
 * something and wants to know it took; a GET answers quietly, because reading is not news.
 * `success` overrides that either way (sign-in steps pass false; a GET that performs an action,
 * such as an export request, may pass true). `alert: false` silences the 警告 of other codes
 * for a caller that shows the error itself; session codes still end the session.
 */
export interface CallOptions {
  success?: boolean;
  alert?: boolean;
  /** Errcodes the caller handles itself: they reject without the generic alert. */
  handled?: readonly string[];
  /** An export/excel-type download: "-10" (nothing to export) answers without an alert. */
  excel?: boolean;
  signal?: AbortSignal;
}

export interface Answer {
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  url: string;
  errcode: string;
  errmsg: string;
  options: CallOptions;
}

export type Reaction =
  | { kind: 'quiet' }
  | { kind: 'alert'; text: string }
  /** Show the text, clear the session, go to /relogin. */
  | { kind: 'endSession'; text: string }
  /** Enterprise-login failure: straight to /login, or alert first when text is set. */
  | { kind: 'toLogin'; text: string | null };

const sameEndpoint = (a: Pick<Endpoint, 'method' | 'path'>, b: Pick<Endpoint, 'method' | 'path'>): boolean =>
  a.method === b.method && a.path === b.path;

/** URLs containing "hello" are liveness pings: never alerted, never noticed. */
const isHello = (url: string): boolean => url.includes('hello');

/** The reaction to a failed call (any errcode but "0", or an HTTP error without envelope). */
export const reactionTo = (a: Answer): Reaction => {
  if (isHello(a.url)) return { kind: 'quiet' };
  if (sameEndpoint(a.endpoint, AUTH_API.wxworkLogin)) {
    // The page shows the boss-permission codes itself, as after a password sign-in.
    if (a.options.handled?.includes(a.errcode)) return { kind: 'quiet' };
    return { kind: 'toLogin', text: a.errmsg.includes(WXWORK_LOGIN_ABNORMAL) ? null : a.errmsg };
  }
  if (isSessionErrcode(a.errcode)) {
    const text = a.errcode === ERR.USER_INFO_FAILED ? ERRMSG[ERR.USER_INFO_FAILED] : a.errmsg;
    return { kind: 'endSession', text };
  }
  if (a.options.excel && a.errcode === ERR.EXCEL_EMPTY) return { kind: 'quiet' };
  if (sameEndpoint(a.endpoint, AUTH_API.getStoreAuthorityResult) && STORE_AUTH_CODES.includes(a.errcode)) {
    return { kind: 'quiet' };
  }
  if (a.options.handled?.includes(a.errcode) || a.options.alert === false) return { kind: 'quiet' };
  return { kind: 'alert', text: a.errmsg || ERRMSG[ERR.INTERNAL] };
};

/** The 成功 notice text of a "0" answer, or null when the answer stays quiet. */
export const successText = (a: Answer): string | null => {
  if (isHello(a.url)) return null;
  const show = a.options.success ?? a.endpoint.method !== 'GET';
  return show ? a.errmsg || ERRMSG[ERR.OK] : null;
};

/** Parallel calls failing on the same expired session show one message and navigate once. */
let endingSession = false;

export const perform = (reaction: Reaction): void => {
  switch (reaction.kind) {
    case 'quiet':
      return;
    case 'alert':
      void showAlert('error', reaction.text);
      return;
    case 'endSession': {
      // A call sent before this tab signed out (or ended on an earlier session errcode) that
      // answers afterwards has nothing to tell: the user is already on /relogin.
      if (endingSession || sessionEnded()) return;
      endingSession = true;
      const shown = showAlert('error', reaction.text);
      endSession();
      navigateTo(PUBLIC_PATHS.relogin);
      void shown.then(() => {
        endingSession = false;
      });
      return;
    }
    case 'toLogin':
      if (reaction.text === null) navigateTo(PUBLIC_PATHS.login);
      else void showAlert('error', reaction.text).then(() => navigateTo(PUBLIC_PATHS.login));
      return;
  }
};

export const noticeSuccess = (text: string | null): void => {
  if (text !== null) notify('success', text);
};
