/**
 * Alerts and notices (SPEC §8), headless. Alerts are modal and queued: one shows at a time and
 * the next waits until it closes; Enter confirms, Esc cancels (AlertHost renders them). Notices
 * are the green, self-closing 成功 messages and other non-blocking hints (NoticeHost renders
 * them). Both can be raised from anywhere, including the http client outside React.
 */
import { MSG } from '@zb/contract/messages';

export type AlertKind = 'error' | 'warning' | 'success';

/**
 * Notices open at the top centre, over the page title, and at most three at once: at the top
 * right they covered the action buttons of detail cards (审核, 发货, 收货) for seconds after
 * each step.
 */
export const NOTICE_PLACEMENT = { placement: 'top', maxCount: 3 } as const;

/** Titles of SPEC §8: error 警告, warning 提示, success 成功. */
export const ALERT_TITLES: Record<AlertKind, string> = { error: '警告', warning: '提示', success: '成功' };

export interface AlertItem {
  id: number;
  kind: AlertKind;
  title: string;
  text: string;
  /** A confirm shows 取消 next to 确定; a plain alert only 确定 (Esc still closes it). */
  cancellable: boolean;
}

interface QueuedAlert extends AlertItem {
  resolve: (confirmed: boolean) => void;
}

let queue: QueuedAlert[] = [];
let nextId = 1;
const alertListeners = new Set<() => void>();

const emitAlerts = (): void => {
  for (const listener of alertListeners) listener();
};

const enqueue = (item: Omit<AlertItem, 'id'>): Promise<boolean> =>
  new Promise((resolve) => {
    queue = [...queue, { ...item, id: nextId++, resolve }];
    emitAlerts();
  });

/** Shows a modal alert; resolves true when confirmed (确定/Enter), false when cancelled (Esc). */
export const showAlert = (kind: AlertKind, text: string, title: string = ALERT_TITLES[kind]): Promise<boolean> =>
  enqueue({ kind, title, text, cancellable: false });

/** Asks a yes/no question (确认修改？ and the like); resolves true on 确定, false on 取消/Esc. */
export const confirm = (text: string, title: string = ALERT_TITLES.warning): Promise<boolean> =>
  enqueue({ kind: 'warning', title, text, cancellable: true });

/** Asks 确认关闭？ before unsaved changes are dropped; resolves true when the user may leave. */
export const confirmLeave = (dirty: boolean): Promise<boolean> =>
  dirty ? confirm(MSG.confirmClose) : Promise.resolve(true);

/** The alert on screen, or null. */
export const currentAlert = (): AlertItem | null => queue[0] ?? null;

export const pendingAlerts = (): number => queue.length;

/** Closes the alert with this id (a stale id from a double Enter is ignored). */
export const closeAlert = (id: number, confirmed: boolean): void => {
  const head = queue[0];
  if (!head || head.id !== id) return;
  queue = queue.slice(1);
  head.resolve(confirmed);
  emitAlerts();
};

export const subscribeAlerts = (listener: () => void): (() => void) => {
  alertListeners.add(listener);
  return () => alertListeners.delete(listener);
};

export interface Notice {
  kind: AlertKind;
  title: string;
  text: string;
  /** Notices with the same key replace each other instead of stacking. */
  key?: string;
}

type NoticeListener = (notice: Notice) => void;
const noticeListeners = new Set<NoticeListener>();
/** Notices raised before a host listens (e.g. during start-up) wait here. */
let backlog: Notice[] = [];

/** Shows a non-blocking notice: the 成功 notice after a mutation, the 提示 of a refused page. */
export const notify = (kind: AlertKind, text: string, key?: string): void => {
  const notice: Notice = { kind, title: ALERT_TITLES[kind], text, key };
  if (noticeListeners.size === 0) {
    backlog = [...backlog, notice];
    return;
  }
  for (const listener of noticeListeners) listener(notice);
};

export const subscribeNotices = (listener: NoticeListener): (() => void) => {
  noticeListeners.add(listener);
  const waiting = backlog;
  backlog = [];
  for (const notice of waiting) listener(notice);
  return () => noticeListeners.delete(listener);
};

/** Drops every queued alert and notice (tests). Pending promises resolve as cancelled. */
export const resetAlerts = (): void => {
  const dropped = queue;
  queue = [];
  backlog = [];
  for (const item of dropped) item.resolve(false);
  emitAlerts();
};
