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

/**
 * The role a browser tab acts in (its userRoleId). The session cookie is shared by every tab of
 * the browser, the chosen role is not: after a role switch opens a new tab, the old tab keeps
 * working in its own role. The server checks the user still holds it; without the header the
 * session's last chosen role applies.
 */
export const TAB_ROLE_HEADER = 'x-user-role';

export const ADMIN_ROLE_NAME = '系统管理员';

/** Data levels of a role (层级). */
export const HIER_LEVELS = { hq: '总部', region: '大区', store: '门店' } as const;
export type HierLevel = keyof typeof HIER_LEVELS;

/** Text shown by every page that a later issue builds. */
export const NOT_BUILT_TEXT = '本页尚未建成';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A role-switch ticket (the `p` of /xxbLogin) lives this long and is good for one sign-in. */
export const SWITCH_TICKET_TTL_SECONDS = 60;
/** The quick-login cookie (ql=1) lives this long and is cleared on first use. */
export const QUICK_LOGIN_TTL_SECONDS = 300;
export const QUICK_LOGIN_COOKIE = 'zb_ql';
/** The boss-permission application ticket answered with LOGIN-51005 lives this long. */
export const AUTHORITY_TICKET_TTL_MINUTES = 10;
/** The WeCom QR code's state expires after this long; the login page then draws a new one. */
export const WXWORK_QR_TTL_SECONDS = 300;
/** How often the login page asks whether its QR code was confirmed. */
export const WXWORK_QR_POLL_MS = 2_000;

/** Query keys the breadcrumb reads (SPEC §2.2): the store name, the order code, the approval code. */
export const BREADCRUMB_QUERY = { storeName: 'storeName', orderCode: 'orderCode', approvalCode: 'spNo' } as const;

/** Task notices (SPEC §3): type 1 is an arrears notice, any other a payment notice. */
export const NOTICE_TYPE_ARREARS = 1;
/** Any other type is a 付款通知; this is the one the server writes. */
export const NOTICE_TYPE_PAYMENT = 2;
/** A store answered a task, or a task's store is past its deadline (消息中心, issue 17). */
export const NOTICE_TYPE_TASK = 3;
/** A member's bad review (差评) of a bill: raised for the head-office users responsible for evaluations. */
export const NOTICE_TYPE_BAD_REVIEW = 4;
const NOTICE_TYPE_NAMES: Record<number, string> = {
  [NOTICE_TYPE_ARREARS]: '欠款通知',
  [NOTICE_TYPE_TASK]: '任务通知',
  [NOTICE_TYPE_BAD_REVIEW]: '差评通知',
};
export const noticeTypeName = (type: number): string => NOTICE_TYPE_NAMES[type] ?? '付款通知';

/** Approval states (GLOSSARY: 待审批/已通过/已驳回). */
export const APPROVAL_STATUS = { pending: '待审批', approved: '已通过', rejected: '已驳回' } as const;
export type ApprovalStatus = keyof typeof APPROVAL_STATUS;
/** Kinds of approval the approval center handles; later issues add theirs. */
export const APPROVAL_TYPES = {
  bossAuthority: '老板权限申请',
  refund: '退款申请',
  intentRefund: '意向金退款申请',
  cardAdjust: '会员卡调整申请',
  cardReissue: '会员卡补卡申请',
  cardCancel: '会员卡注销申请',
  couponDelay: '优惠券延期申请',
  promotion: '推广方案审核',
  sale: '折扣方案审核',
  giftPlan: '赠送方案审核',
  bossGiftAct: '老板赠送活动审核',
  fissionAct: '裂变活动审核',
  mallEvent: '商城活动审核',
} as const;
export type ApprovalType = keyof typeof APPROVAL_TYPES;
export const APPROVAL_COMMENT_MAX = 200;
