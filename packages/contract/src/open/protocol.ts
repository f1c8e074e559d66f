/**
 * The open API (issue 14): how the stores' POS terminals and the mini-program reach us, under
 * `/open/v1/` — not a console route, not behind the session cookie. Every request is signed with
 * the caller's key and secret (docs/open-api.md has a worked example):
 *
 *   X-Signature = lowercase hex HMAC-SHA256(secret,
 *     METHOD + "\n" + path + "\n" + timestamp + "\n" + nonce + "\n" + lowercase hex SHA-256(body))
 *
 * where path is the request path without its query string and body the raw bytes sent (empty
 * for none). Answers use the console's `{ errcode, errmsg, data }` envelope with the OPEN_*
 * errcodes of errcodes.ts. This file is pure (no crypto): the server, the simulator and the
 * tests compute the HMAC with node:crypto over `signingText`.
 */
import type { EnumOption } from '../resource/define';

export const OPEN_PREFIX = '/open/v1';

export const OPEN_HEADERS = {
  key: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A timestamp further than this from the server's clock is refused (seconds). */
export const OPEN_TIMESTAMP_SKEW_S = 300;
/** A nonce: 8 to 64 letters, digits, _ or -; each may be used once per key (kept for twice the skew). */
export const OPEN_NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Largest request body (bytes). */
export const OPEN_BODY_MAX = 256 * 1024;

/** The text a request's signature is the HMAC of. */
export const signingText = (method: string, path: string, timestamp: string, nonce: string, bodySha256Hex: string) =>
  `${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${bodySha256Hex}`;

/** Who holds a key: a store's POS terminal (bound to its store) or a mini-program app (any store). */
export const OPEN_CLIENT_KINDS = [
  { value: 'pos', label: 'POS终端' },
  { value: 'mini', label: '小程序' },
] as const satisfies readonly EnumOption[];
export type OpenClientKind = (typeof OPEN_CLIENT_KINDS)[number]['value'];

export const OPEN_CLIENT_STATUSES = [
  { value: 'active', label: '启用', color: 'green' },
  { value: 'revoked', label: '已吊销', color: 'red' },
] as const satisfies readonly EnumOption[];

/** The calls of the open API (path relative to OPEN_PREFIX). */
export const OPEN_PATHS = {
  bills: '/bills',
  refunds: '/refunds',
  mallOrders: '/mallOrders',
  /** A mall order's state change: POST with { step, … }. */
  mallOrderStep: '/mallOrders/:outerNo/steps',
  /** The 商城活动 running today, with their goods, prices and stock left (entities/mallEvent.ts). */
  mallEvents: '/mallEvents',
  intentDeposits: '/intentDeposits',
  /** A scalp examination report from a store's device (entities/examination.ts). */
  examinations: '/examinations',
  /** The mini-program's reports of a QR code scanned and of a member registered through one. */
  qrScans: '/qrScans',
  qrRegistrations: '/qrRegistrations',
  /** The mini-program opened a 软文. */
  softTextReads: '/softTextReads',
  /** The mini-program's home page as published (entities/homepage.ts). */
  miniHome: '/miniHome',
  /** A new member referred through a 推广方案's share link (entities/promotion.ts). */
  referrals: '/referrals',
  /** A friend registered through a 裂变活动's share (entities/fission.ts). */
  fissions: '/fissions',
  /** A member's WeChat identities and the subscribe messages they accepted (entities/notify.ts). */
  wxUsers: '/wxUsers',
  /** A printed 活动券 redeemed at the store (entities/actCoupon.ts). */
  actCouponRedeem: '/actCoupons/redeem',
  /** A store's open stocktaking notices, and its count (api/stocktaking.ts). */
  stocktakings: '/stocktakings',
  stocktakingCounts: '/stocktakings/counts',
  /** A group-buy voucher verified (核销) at the store, checked with its platform (entities/groupBuy.ts). */
  groupBuyVerify: '/groupBuy/verify',
  /** Goods lent to another store, or given back (entities/secondment.ts). */
  stockSecondments: '/stockSecondments',
  /** 消息中心 (api/taskCenter.ts): a store's messages and tasks, reading one, answering a task. */
  taskMsgs: '/taskMsgs',
  taskMsgRead: '/taskMsgs/read',
  taskMsgAnswer: '/taskMsgs/answer',
  /** A member's evaluation of a bill (entities/evaluation.ts), from the mini-program or the store's device. */
  evaluations: '/evaluations',
  /** A store's follow-up of a member (issue 17, entities/memberCare.ts): planned or done; its result later. */
  followUps: '/followUps',
  followUpResult: '/followUps/:outerNo/result',
  /** A store's remark on a member: one per store and member, the latest kept. */
  memberRemarks: '/memberRemarks',
} as const;
