/** Business constants and limits (SPEC §9), plus the few server limits the browser must agree with. */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const LOGIN_ACCOUNT_MAX_LENGTH = 15;
export const LOGIN_PASSWORD_MAX_LENGTH = 32;
/** Store employees sign in with their phone number, never with their SYYG staff code. */
export const STORE_EMPLOYEE_ACCOUNT_PREFIX = 'SYYG';

export const APPROVAL_POLL_INTERVAL_MS = 5_000;
export const AREA_CODE_CACHE_MS = 5 * 60_000;

export const PHONE_MAX_LENGTH = 15;
export const DEFAULT_AREA_CODE = '0086';

export const SHORTCUT_MAX = 10;
export const SHORTCUTS_PER_ROW = 5;

/** Switching to a role whose id is at most this opens the other-side login in a new tab. */
export const NEW_TAB_MAX_ROLE_ID = 5;

export const NOTICE_PAGE_SIZE = 1;
export const WATERMARK_CHARS = 8;
export const MENU_SLIDE_MS = 200;
export const MENU_HOVER_DELAY_MS = 300;
export const SUBMIT_THROTTLE_MS = 500;

/** Five wrong passwords in a row lock the account for fifteen minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

/** A session ends after this long without a request, and in any case after SESSION_MAX_HOURS. */
export const SESSION_IDLE_MINUTES = 120;
export const SESSION_MAX_HOURS = 12;
export const SESSION_COOKIE = 'zb_sid';

/** Header carried by every call except login, logout and selectHierRole: `<loginName>|<createdDate>`. */
export const ACCOUNT_VERSION_HEADER = 'account-version';
export const accountVersion = (loginName: string, createdDate: string): string => `${loginName}|${createdDate}`;

export const ADMIN_ROLE_NAME = '系统管理员';

/** Data levels of a role (层级). */
export const HIER_LEVELS = { hq: '总部', region: '大区', store: '门店' } as const;
export type HierLevel = keyof typeof HIER_LEVELS;

/** Text shown by every page that a later issue builds. */
export const NOT_BUILT_TEXT = '本页尚未建成';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
