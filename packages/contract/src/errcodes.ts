/**
 * Error codes (SPEC §8) and the response envelope every call answers with.
 * "0" is success. Codes containing FILTER_LOGIN_ or SECURES-LOGIN-ON-401, and LOGIN-40103,
 * end the session in the browser; everything else is a business error shown in an alert.
 */

export const ERR = {
  OK: '0',

  // Session: the browser shows the message, clears the session and goes to /relogin.
  NO_SESSION: 'FILTER_LOGIN_001',
  SESSION_EXPIRED: 'FILTER_LOGIN_002',
  ACCOUNT_VERSION_MISMATCH: 'FILTER_LOGIN_003',
  SESSION_REVOKED: 'SECURES-LOGIN-ON-401',
  USER_INFO_FAILED: 'LOGIN-40103',

  // Sign-in.
  LOGIN_BAD_CREDENTIALS: 'LOGIN-40101',
  LOGIN_LOCKED: 'LOGIN-40102',
  LOGIN_DISABLED: 'LOGIN-40104',
  LOGIN_USE_PHONE: 'LOGIN-40105',
  LOGIN_NO_ROLE: 'LOGIN-40106',
  LOGIN_BOSS_APPROVAL_REQUIRED: 'LOGIN-51005',
  LOGIN_APPROVAL_PENDING: 'LOGIN-51008',
  /** WeCom sign-in: an invalid, expired or used code, or WeCom failing (errmsg has WXWORK_LOGIN_ABNORMAL). */
  WXWORK_LOGIN_FAILED: 'WXWORK-40001',
  /** WeCom sign-in: the WeCom person is bound to no account. */
  WXWORK_NOT_BOUND: 'WXWORK-40002',
  /** A role-switch or quick-login ticket that is expired, forged, mismatched or already used. */
  TICKET_INVALID: 'LOGIN-40107',

  // Account.
  OLD_PASSWORD_WRONG: 'ACCT-40001',
  NEW_PASSWORD_MISMATCH: 'ACCT-40002',
  ROLE_NOT_OWNED: 'ACCT-40003',

  // Generic.
  PARAM_INVALID: 'PARAM-40001',
  FORBIDDEN: 'AUTH-40301',
  ROLE_REQUIRED: 'AUTH-40302',
  NOT_FOUND: 'SYS-40401',
  TOO_MANY_REQUESTS: 'SYS-42901',
  NOT_AVAILABLE: 'SYS-50101',
  /** A request that reached an instance while it shuts down: another instance (or a retry) serves it. */
  SHUTTING_DOWN: 'SYS-50301',
  INTERNAL: 'SYS-50001',
  /** A record that does not exist, was deleted, or lies outside the caller's data scope. */
  RECORD_NOT_FOUND: 'SYS-40402',
  /** A delete refused because other records still refer to it. */
  RECORD_IN_USE: 'SYS-40901',
  /** A create or update that would duplicate a unique value. */
  RECORD_DUPLICATE: 'SYS-40902',

  // Excel-type downloads answer -10 when there is nothing to export; exempt from the generic alert.
  EXCEL_EMPTY: '-10',

  // Store-authority (boss permission) result codes; exempt from the generic alert.
  STORE_AUTH_PASSED: '200',
  STORE_AUTH_PENDING: '204',
  STORE_AUTH_REJECTED: '505',

  // Approvals (boss permission and the approval center).
  APPROVAL_TICKET_INVALID: 'APPR-40101',
  APPROVAL_NOT_USABLE: 'APPR-40301',
  APPROVAL_DECIDED: 'APPR-40901',

  // Scheduled jobs (/schedule).
  SCHEDULE_RUNNING: 'SCHED-40901',
  // Download centre (exports).
  EXPORT_NOT_FOUND: 'EXPORT-40401',
  EXPORT_NOT_READY: 'EXPORT-40901',
  EXPORT_EXPIRED: 'EXPORT-41001',

  // Uploads.
  UPLOAD_NO_FILE: 'UPLOAD-40001',
  UPLOAD_NOT_FOUND: 'UPLOAD-40401',
  UPLOAD_TOO_LARGE: 'UPLOAD-41301',
  UPLOAD_TYPE: 'UPLOAD-41501',
  // Role hierarchy (SPEC §7.4).
  /** Input that does not fit the box: a region content without its region, a role of another box. */
  HIER_INVALID: 'HIER-40001',
  /** The box, content, role, holding or account named does not exist. */
  HIER_NOT_FOUND: 'HIER-40401',
  /** A role (or a role in a content, or a content) still held by members. */
  HIER_HAS_MEMBERS: 'HIER-40901',
  /** A box that still has contents or roles. */
  HIER_NOT_EMPTY: 'HIER-40902',
  /** A name, region, store, role offer or member that is already there. */
  HIER_DUPLICATE: 'HIER-40903',
  /** The account may not be added to the role (disabled, a boss, an administrator, oneself). */
  HIER_MEMBER_REFUSED: 'HIER-40904',

  // Goods (products, projects, cards).
  /** A product, project or card on sale: it may be taken off sale, not deleted. */
  GOODS_ON_SALE: 'GOODS-40901',
  /** A product a project consumes, or a project a card holds. */
  GOODS_IN_USE: 'GOODS-40902',
  /** /productSort saved with a list that is not every product once (someone else changed it). */
  GOODS_SORT_STALE: 'GOODS-40903',
  /** A member has taken a trial project as many times as its limit allows (体验项目限制). */
  GOODS_TRIAL_USED_UP: 'GOODS-40904',

  // Store stock.
  /** A movement would take a store's stock of a product below zero. */
  STOCK_SHORT: 'STOCK-40901',

  // Store orders.
  /** Submission outside the ordering rules: not an ordering day, below the minimum, a store type or state that may not order. */
  ORDER_RULE: 'ORDER-40001',
  /** A payment above what the order still owes. */
  ORDER_OVERPAID: 'ORDER-40002',
  /** Only the submitter edits or withdraws a submitted order. */
  ORDER_NOT_SUBMITTER: 'ORDER-40301',
  /** A step the order's state does not allow: someone else acted first, or the step is out of order. */
  ORDER_STATE_CHANGED: 'ORDER-40901',
  /** A franchise store's order shipped before it is paid in full, where credit is not allowed. */
  ORDER_UNPAID: 'ORDER-40902',
  // Barcode database (/barCodeDatabase).
  /** An Excel import with rows that are wrong: nothing written; data.errors lists each row and why. */
  BARCODE_IMPORT_INVALID: 'BARCODE-40001',
  /** A barcode looked up that is not in the barcode database. */
  BARCODE_NOT_FOUND: 'BARCODE-40401',

  // Member receive (/memberReceiveAudit).
  /** The record was audited meanwhile (by someone else): it is no longer 待审核. */
  MEMBER_RECEIVE_DECIDED: 'MEMRCV-40901',

  // Members and their cards (the card ledger).
  /** A card, top-up or bill the ledger cannot take: a card off sale, a card of another member, an amount out of range. */
  MEMBER_INVALID: 'MEMBER-40001',
  /** A draw larger than what the card holds (balance or sessions). */
  MEMBER_OVERDRAW: 'MEMBER-40901',
  /** The card is past its expiry. */
  MEMBER_CARD_EXPIRED: 'MEMBER-40902',
  /** The member or the card is frozen (冻结). */
  MEMBER_FROZEN: 'MEMBER-40903',
  /** The card may not be drawn at this store (its 适用门店, or 跨级划卡 does not allow it). */
  MEMBER_CARD_WRONG_STORE: 'MEMBER-40904',
  /** The card does not pay for this item: a project not on the 套餐卡, a project without 关联项目 on the 储值卡. */
  MEMBER_CARD_WRONG_ITEM: 'MEMBER-40905',
  /** A card handling (冻结, 解冻, 调整, 补卡, 注销) its state does not allow: frozen already, not frozen, one pending already, closed. */
  CARD_HANDLING_STATE: 'CARDHDL-40901',
  /** 补卡: the new card number is some card's number already, or another 补卡's. */
  CARD_NO_TAKEN: 'CARDHDL-40902',
  /** 注销 with a refund above the principal left on the card. */
  CARD_REFUND_OVER: 'CARDHDL-40903',
  // 会员迁入 (/moveIn).
  /** A member import file that cannot be read (not an .xlsx, no header, no rows, too many rows). */
  MEMBER_IMPORT_INVALID: 'MEMIMP-40001',
  /** A step the import's state does not allow (started twice, undone twice, undone while running). */
  MEMBER_IMPORT_STATE: 'MEMIMP-40901',
  /** An import whose cards were drawn (or whose new members did business since) cannot be undone. */
  MEMBER_IMPORT_DRAWN: 'MEMIMP-40902',
  // Marketing activities (/activityList) and their real cards.
  /** A step, edit or download the activity's state does not allow: someone else acted first, or it is out of order. */
  ACTIVITY_STATE_CHANGED: 'ACT-40901',
  /** A claim whose card number or claim code is wrong (the same answer for both: numbers cannot be probed). */
  REAL_CARD_INVALID: 'REALCARD-40001',
  /** A claim outside the claiming period, or of an activity that is not approved (or was stopped). */
  REAL_CARD_NOT_OPEN: 'REALCARD-40002',
  /** The card was claimed already. */
  REAL_CARD_CLAIMED: 'REALCARD-40901',
  /** The card was voided (作废). */
  REAL_CARD_VOIDED: 'REALCARD-40902',
  // Coupons (/couponsManagement, coupons paid on bills).
  /** A coupon that cannot pay this bill: unknown, another member's, outside its validity, store, goods or threshold, or not stackable. */
  COUPON_INVALID: 'COUPON-40001',
  /** A coupon used already (核销), voided or expired. */
  COUPON_USED: 'COUPON-40901',
  /** A template step or issue its state does not allow (someone else acted first, or out of order). */
  COUPON_STATE_CHANGED: 'COUPON-40902',
  // Open API (/open/v1, issue 14): the sender's signature, key and store.
  /** A header of the signature is missing or malformed. */
  OPEN_AUTH_MISSING: 'OPEN-40100',
  /** The key is unknown or was revoked. */
  OPEN_KEY_INVALID: 'OPEN-40101',
  /** The signature does not match. */
  OPEN_SIGNATURE_INVALID: 'OPEN-40102',
  /** The timestamp is further than five minutes from the server's clock. */
  OPEN_TIMESTAMP_SKEW: 'OPEN-40103',
  /** The nonce was used before with this key. */
  OPEN_NONCE_REPLAY: 'OPEN-40104',
  /** The terminal is not bound to the store the document names. */
  OPEN_STORE_NOT_BOUND: 'OPEN-40301',
  /** The document's own content is wrong (fields, codes, amounts not adding up). */
  OPEN_DOCUMENT_INVALID: 'OPEN-40001',
  // Bills, refunds, mall orders, deposits and settlement (issue 14).
  /** A bill's lines or payments are wrong (amounts that do not add up, unknown goods or staff). */
  BILL_INVALID: 'BILL-40001',
  /** A 签单 past the store manager's monthly quota (/signBill). */
  BILL_SIGN_QUOTA: 'BILL-40901',
  /** More sessions of a project than /drawLimitConfig allows per day or month. */
  BILL_DRAW_LIMIT: 'BILL-40902',
  /** A step the record's state does not allow: someone else acted first, or it is out of order. */
  STATE_CHANGED: 'FLOW-40901',
  REFUND_INVALID: 'REFUND-40001',
  /** More than is left to refund of the bill, line or payment. */
  REFUND_EXCEEDS: 'REFUND-40901',
  /** The card a refund goes back to was 注销 (its remainder settled): nothing goes back onto it. */
  REFUND_CARD_CANCELLED: 'REFUND-40902',
  MALL_ORDER_INVALID: 'MALL-40001',
  /** Not enough of a mall good in stock. */
  MALL_STOCK_SHORT: 'MALL-40901',
  INTENT_INVALID: 'INTENT-40001',
  /** A scalp examination report naming an unknown store, member, staff, item or project. */
  EXAM_INVALID: 'EXAM-40001',
  SETTLEMENT_INVALID: 'SETTLE-40001',
  // erp (issue 14, /easConfig): vouchers for EAS.
  /** A voucher that cannot be downloaded (failed, or none). */
  ERP_VOUCHER_INVALID: 'ERP-40001',
  // settle (issue 14 part): cross-store settlement and bank receipts.
  /** No settlement rule applies to a cross-store draw (no default rule in effect). */
  SETTLEMENT_NO_RULE: 'SETTLE-40002',
  /** A match past what is left of the bank receipt or of the statement. */
  RECEIPT_OVER_MATCH: 'SETTLE-40901',
  /** A statement marked 已结算 before bank receipts match its whole amount. */
  SETTLEMENT_NOT_PAID: 'SETTLE-40902',
  // 闭店迁移 (issue 15, /close): a closure or a member's move.
  /** A receiving store that is closed, the closing store itself, or out of the caller's scope. */
  MOVE_INVALID: 'MOVE-40001',
  /** The store is closed already, or a closure of it is under way. */
  MOVE_STORE_CLOSED: 'MOVE-40901',
  // points (issue 15): the member's points ledger.
  /** An exchange asking more points than the member has. */
  POINTS_SHORT: 'POINTS-40901',
  // Business security (issue 15, SPEC §2.15).
  /** A card drawn past /useCardLimit's draws, amount or stores per day. */
  SECURITY_CARD_LIMIT: 'SECURITY-40901',
  /** A blacklisted member, phone or device (/blacklistAdmin) may not open cards nor draw. */
  SECURITY_BLACKLISTED: 'SECURITY-40902',
  // Member lifecycle (issue 15): /editMemberLifeCycle.
  /** A save whose values equal the current definition's: no new version. */
  LIFECYCLE_UNCHANGED: 'LIFECYCLE-40001',
  /** A save started from a version that is no longer the current one. */
  LIFECYCLE_STALE: 'LIFECYCLE-40901',
  // 人群 (issue 16): /crowdManagement, /crowdDetail.
  /** A condition naming what does not exist or lies outside the caller's data scope (a store, a level, a card product). */
  CROWD_CONDITION_INVALID: 'CROWD-40001',
  // Channels and QR codes (issue 16).
  /** A scan or registration naming an unknown QR code, or a member that does not exist. */
  QR_INVALID: 'QR-40001',
  /** The QR code (or its channel) is 停用: scans and registrations are not counted. */
  QR_DISABLED: 'QR-40901',
  /** A read of a 软文 that does not exist or is not 已发布. */
  SOFT_TEXT_NOT_PUBLISHED: 'CONTENT-40401',
  // 团购平台 (issue 16): vouchers verified at a store, checked with their platform.
  /** The platform knows no such code. */
  GROUPBUY_CODE_UNKNOWN: 'GROUPBUY-40401',
  /** The platform says the code is used (verified elsewhere or before). */
  GROUPBUY_CODE_USED: 'GROUPBUY-40901',
  /** The platform says the code has expired. */
  GROUPBUY_CODE_EXPIRED: 'GROUPBUY-40902',
  /** The platform says the code is not valid at this store's shop. */
  GROUPBUY_CODE_WRONG_SHOP: 'GROUPBUY-40903',
  /** The code is verified in our records already. */
  GROUPBUY_ALREADY_VERIFIED: 'GROUPBUY-40904',
  /** The platform's app is missing or 停用, or the store is bound to no shop of the platform. */
  GROUPBUY_NOT_CONFIGURED: 'GROUPBUY-40001',
  /** The platform failed: unreachable, refused our signature, or answered nonsense. */
  GROUPBUY_PLATFORM_FAILED: 'GROUPBUY-50201',
  // 消息中心 (issue 17): messages and tasks from head office to stores.
  /** A message or task naming no store, an unknown or disabled template, or a deadline in the past. */
  // shr (issue 17, /shrConfig): the SHR HR system.
  // homepage (issue 16, /homepageManagement)
  HOME_NOT_PUBLISHED: 'HOME-40401',
  // promotion (issue 16, /promotionList)
  PROMOTION_STATE: 'PROMO-40901',
  PROMOTION_NOT_ACTIVE: 'PROMO-40902',
  REFERRAL_INVALID: 'PROMO-40001',
  // 折扣方案 and the plans after it (issue 16, entities/campaign.ts)
  /** A step the plan's state does not allow: editing a submitted plan, 停用 of a plan not 进行中. */
  CAMPAIGN_STATE: 'CAMPAIGN-40901',
  /** 老板赠送: an activity not running today, a store or gift it does not have, an unknown member. */
  BOSS_GIFT_INVALID: 'BOSSGIFT-40001',
  /** 老板赠送: over the store's budget, or over a member's 最多受赠, or a coupon the coupon side would not give. */
  BOSS_GIFT_LIMIT: 'BOSSGIFT-40901',
  /** 裂变: an unknown activity or member, a member with bills already, one joined before, sharing with oneself. */
  FISSION_INVALID: 'FISSION-40001',
  /** 裂变: the activity is not running on the registration's day. */
  FISSION_NOT_ACTIVE: 'FISSION-40902',
  // 商城活动 (issue 16, entities/mallEvent.ts)
  /** An order naming an event not running, goods not in it, a group full, past its time or joined before. */
  MALL_EVENT_INVALID: 'MALLEVENT-40001',
  /** Shipping or picking up a 拼团 order whose group has not formed. */
  MALL_GROUP_FORMING: 'MALLEVENT-40901',
  HOME_NOTHING_TO_PUBLISH: 'HOME-40901',
  SHR_UNREACHABLE: 'SHR-50201',
  // 活动券 (issue 16, /actCouponsM): printed codes of a coupon template.
  /** A code or 兑换密码 that does not match, a code of another store or not allotted, a 停用 batch, an unknown member. */
  ACT_COUPON_INVALID: 'ACTCOUPON-40001',
  /** The code was redeemed already (by another member). */
  ACT_COUPON_REDEEMED: 'ACTCOUPON-40901',
  /** A batch with allotted codes, or an allotment with redeemed codes, cannot be deleted. */
  ACT_COUPON_STATE: 'ACTCOUPON-40902',
  // 通知渠道 (issue 17): SMS and WeChat.
  /** A test send to a member who cannot be reached on the channel (not following the official account). */
  NOTIFY_NO_RECIPIENT: 'NOTIFY-40001',
  /** WeChat refused a call the console waits for (the official account's menu), or could not be reached. */
  NOTIFY_WECHAT_REFUSED: 'NOTIFY-50201',
  /** WeCom refused a SCRM sync's call or could not be reached. */
  SCRM_WECOM_FAILED: 'SCRM-50201',
  SHR_SYNC_RUNNING: 'SHR-40901',
  STOCKTAKE_INVALID: 'STOCKTAKE-40001',
  STOCKTAKE_STATE: 'STOCKTAKE-40901',
  TASK_INVALID: 'TASK-40001',
  /** A task some store answered already cannot be changed; a store answers a task once. */
  TASK_STATE: 'TASK-40901',
  // 评价 (issue 17): members' evaluations of a bill, through the open API.
  /** The evaluation names an unknown or closed bill, a staff who did not serve it, or scores the settings refuse. */
  EVAL_INVALID: 'EVAL-40001',
  /** The bill is evaluated already (by another sender's number). */
  EVAL_DUPLICATE: 'EVAL-40901',
  // Members as people (issue 17): tags, files, follow-ups.
  /** A write its tag's kind does not allow: a rule tag assigned by hand, a manual tag evaluated, a rule tag without its rule; or a 停用 tag assigned. */
  TAG_KIND_MISMATCH: 'TAG-40001',
  /** A follow-up's result for an unknown follow-up, or one done already with another result. */
  FOLLOW_INVALID: 'FOLLOW-40001',
} as const;

export type Errcode = (typeof ERR)[keyof typeof ERR];

/** The Chinese message each code answers with when the server has nothing more specific to say. */
export const ERRMSG: Record<Errcode, string> = {
  [ERR.OK]: '操作成功',
  [ERR.NO_SESSION]: '您尚未登录或登录已失效，请重新登录',
  [ERR.SESSION_EXPIRED]: '登录已过期，请重新登录',
  [ERR.ACCOUNT_VERSION_MISMATCH]: '当前账号已在其他窗口切换，请重新登录',
  [ERR.SESSION_REVOKED]: '登录状态已失效，请重新登录',
  [ERR.USER_INFO_FAILED]: '获取用户信息失败',
  [ERR.LOGIN_BAD_CREDENTIALS]: '账号或密码错误',
  [ERR.LOGIN_LOCKED]: '密码错误次数过多，账号已锁定',
  [ERR.LOGIN_DISABLED]: '账号已停用，请联系管理员',
  [ERR.LOGIN_USE_PHONE]: '请使用手机号登录',
  [ERR.LOGIN_NO_ROLE]: '该账号尚未分配角色，请联系管理员',
  [ERR.LOGIN_BOSS_APPROVAL_REQUIRED]: '您暂无总部后台权限，可申请老板权限',
  [ERR.LOGIN_APPROVAL_PENDING]: '审批中，暂时无法登录，请留意审批结果',
  [ERR.WXWORK_LOGIN_FAILED]: '企业微信登录异常：二维码已失效，请重新扫码',
  [ERR.WXWORK_NOT_BOUND]: '该企业微信账号未绑定总部后台账号',
  [ERR.TICKET_INVALID]: '切换凭证已失效，请重新切换角色',
  [ERR.OLD_PASSWORD_WRONG]: '原密码错误',
  [ERR.NEW_PASSWORD_MISMATCH]: '两次输入的新密码不一致',
  [ERR.ROLE_NOT_OWNED]: '该角色不属于当前账号',
  [ERR.PARAM_INVALID]: '参数错误',
  [ERR.FORBIDDEN]: '无权限访问',
  [ERR.ROLE_REQUIRED]: '请先选择角色',
  [ERR.NOT_FOUND]: '请求的接口不存在',
  [ERR.TOO_MANY_REQUESTS]: '请求过于频繁，请稍后再试',
  [ERR.NOT_AVAILABLE]: '该功能尚未开放',
  [ERR.SHUTTING_DOWN]: '服务正在重启，请稍后再试',
  [ERR.INTERNAL]: '系统繁忙，请稍后再试',
  [ERR.RECORD_NOT_FOUND]: '记录不存在或已被删除',
  [ERR.RECORD_IN_USE]: '该记录已被引用，不能删除',
  [ERR.RECORD_DUPLICATE]: '该记录已存在',
  [ERR.EXCEL_EMPTY]: '没有可导出的数据',
  [ERR.STORE_AUTH_PASSED]: '授权通过',
  [ERR.STORE_AUTH_PENDING]: '审批中',
  [ERR.STORE_AUTH_REJECTED]: '授权未通过，请重新申请',
  [ERR.APPROVAL_TICKET_INVALID]: '申请凭证无效或已过期，请重新登录后申请',
  [ERR.APPROVAL_NOT_USABLE]: '该审批不能用于登录',
  [ERR.APPROVAL_DECIDED]: '该申请已处理',
  [ERR.SCHEDULE_RUNNING]: '该任务正在执行，请稍后再试',
  [ERR.EXPORT_NOT_FOUND]: '导出记录不存在',
  [ERR.EXPORT_NOT_READY]: '文件尚未导出完成，请稍后再下载',
  [ERR.EXPORT_EXPIRED]: '文件已过期，请重新导出',
  [ERR.UPLOAD_NO_FILE]: '请选择要上传的图片',
  [ERR.UPLOAD_NOT_FOUND]: '图片不存在或已删除',
  [ERR.UPLOAD_TOO_LARGE]: '图片超过大小限制',
  [ERR.UPLOAD_TYPE]: '不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP',
  [ERR.HIER_INVALID]: '层级参数不符合该层级的要求',
  [ERR.HIER_NOT_FOUND]: '层级、节点或角色不存在',
  [ERR.HIER_HAS_MEMBERS]: '还有成员，不能删除',
  [ERR.HIER_NOT_EMPTY]: '该层级下还有节点或角色，不能删除',
  [ERR.HIER_DUPLICATE]: '名称已存在',
  [ERR.HIER_MEMBER_REFUSED]: '该账号不能添加为此角色的成员',
  [ERR.GOODS_ON_SALE]: '在售商品不能删除，请先下架',
  [ERR.GOODS_IN_USE]: '该商品或项目正在被使用，不能删除',
  [ERR.GOODS_SORT_STALE]: '商品列表已变化，请刷新后重新排序',
  [ERR.STOCK_SHORT]: '门店库存不足',
  [ERR.GOODS_TRIAL_USED_UP]: '体验次数已用完',
  [ERR.ORDER_RULE]: '不符合订货配置',
  [ERR.ORDER_OVERPAID]: '付款金额超过未付金额',
  [ERR.ORDER_NOT_SUBMITTER]: '只有提交人可以修改或撤回订单',
  [ERR.ORDER_STATE_CHANGED]: '订单状态已变化，请刷新后重试',
  [ERR.ORDER_UNPAID]: '加盟门店须付清货款后才能发货',
  [ERR.BARCODE_IMPORT_INVALID]: '导入文件有错误，未导入任何数据',
  [ERR.BARCODE_NOT_FOUND]: '该条码未登记',
  [ERR.MEMBER_RECEIVE_DECIDED]: '该领用记录已被审核，请刷新后查看',
  [ERR.MEMBER_INVALID]: '会员卡业务信息有误',
  [ERR.MEMBER_OVERDRAW]: '会员卡余额或次数不足',
  [ERR.MEMBER_CARD_EXPIRED]: '会员卡已过期',
  [ERR.MEMBER_FROZEN]: '会员或会员卡已冻结',
  [ERR.CARD_HANDLING_STATE]: '会员卡当前状态不允许此操作',
  [ERR.CARD_NO_TAKEN]: '新卡号已被使用',
  [ERR.CARD_REFUND_OVER]: '退款金额不能超过卡内剩余本金',
  [ERR.MEMBER_CARD_WRONG_STORE]: '该会员卡不能在本店使用',
  [ERR.MEMBER_CARD_WRONG_ITEM]: '该会员卡不能支付此项目',
  [ERR.MEMBER_IMPORT_INVALID]: '会员迁入文件无法读取',
  [ERR.MEMBER_IMPORT_STATE]: '该迁入批次的状态不允许此操作，请刷新后查看',
  [ERR.MEMBER_IMPORT_DRAWN]: '迁入的会员卡已被使用，不能撤销',
  [ERR.ACTIVITY_STATE_CHANGED]: '活动状态已变化，请刷新后重试',
  [ERR.REAL_CARD_INVALID]: '卡号或领取码错误',
  [ERR.REAL_CARD_NOT_OPEN]: '不在领取时间内',
  [ERR.REAL_CARD_CLAIMED]: '该卡已被领取',
  [ERR.REAL_CARD_VOIDED]: '该卡已作废',
  [ERR.COUPON_INVALID]: '优惠券不可用于本单',
  [ERR.COUPON_USED]: '优惠券已使用、作废或过期',
  [ERR.COUPON_STATE_CHANGED]: '优惠券状态已变化，请刷新后重试',
  [ERR.OPEN_AUTH_MISSING]: '缺少签名信息（X-App-Key、X-Timestamp、X-Nonce、X-Signature）',
  [ERR.OPEN_KEY_INVALID]: '应用密钥无效或已吊销',
  [ERR.OPEN_SIGNATURE_INVALID]: '签名校验失败',
  [ERR.OPEN_TIMESTAMP_SKEW]: '请求时间与服务器相差超过 5 分钟',
  [ERR.OPEN_NONCE_REPLAY]: '请求随机数已使用过，请勿重放请求',
  [ERR.OPEN_STORE_NOT_BOUND]: '该终端未绑定此门店',
  [ERR.OPEN_DOCUMENT_INVALID]: '单据内容有误',
  [ERR.BILL_INVALID]: '收银单内容有误',
  [ERR.BILL_SIGN_QUOTA]: '签单金额超出店长本月签单额度',
  [ERR.BILL_DRAW_LIMIT]: '项目消耗次数超出限制',
  [ERR.SECURITY_CARD_LIMIT]: '超出用卡限制',
  [ERR.SECURITY_BLACKLISTED]: '已列入黑名单，不能办理',
  [ERR.LIFECYCLE_UNCHANGED]: '生命周期定义没有变化，未保存新版本',
  [ERR.GROUPBUY_CODE_UNKNOWN]: '券码不存在',
  [ERR.GROUPBUY_CODE_USED]: '券码已使用',
  [ERR.GROUPBUY_CODE_EXPIRED]: '券码已过期',
  [ERR.GROUPBUY_CODE_WRONG_SHOP]: '该券不能在本门店核销',
  [ERR.GROUPBUY_ALREADY_VERIFIED]: '该券已核销，请勿重复核销',
  [ERR.GROUPBUY_NOT_CONFIGURED]: '团购平台未接入或门店未绑定平台门店',
  [ERR.GROUPBUY_PLATFORM_FAILED]: '团购平台暂时无法访问，请稍后重试',
  [ERR.PROMOTION_STATE]: '推广方案当前状态不允许此操作',
  [ERR.PROMOTION_NOT_ACTIVE]: '推广方案未在进行中',
  [ERR.REFERRAL_INVALID]: '推荐登记无效',
  [ERR.CAMPAIGN_STATE]: '方案当前状态不允许此操作',
  [ERR.BOSS_GIFT_INVALID]: '老板赠送无效',
  [ERR.BOSS_GIFT_LIMIT]: '超出老板赠送的预算或限额',
  [ERR.FISSION_INVALID]: '裂变登记无效',
  [ERR.FISSION_NOT_ACTIVE]: '裂变活动未在进行中',
  [ERR.MALL_EVENT_INVALID]: '商城活动下单无效',
  [ERR.MALL_GROUP_FORMING]: '拼团尚未成团',
  [ERR.HOME_NOT_PUBLISHED]: '小程序首页尚未发布',
  [ERR.HOME_NOTHING_TO_PUBLISH]: '草稿与已发布版本相同，无需发布',
  [ERR.SHR_UNREACHABLE]: '无法连接 SHR 人事系统，请稍后重试',
  [ERR.ACT_COUPON_INVALID]: '活动券无法兑换',
  [ERR.ACT_COUPON_REDEEMED]: '该活动券已被兑换',
  [ERR.ACT_COUPON_STATE]: '活动券已分配或已兑换，不能删除',
  [ERR.NOTIFY_NO_RECIPIENT]: '该手机号的会员未关注公众号，无法发送',
  [ERR.NOTIFY_WECHAT_REFUSED]: '微信暂时无法完成，请稍后重试',
  [ERR.SCRM_WECOM_FAILED]: '企业微信暂时无法同步，请稍后重试',
  [ERR.SHR_SYNC_RUNNING]: '正在从 SHR 同步员工，请稍后再试',
  [ERR.STOCKTAKE_INVALID]: '盘点内容有误',
  [ERR.STOCKTAKE_STATE]: '已有门店盘点，不能修改或删除',
  [ERR.TASK_INVALID]: '消息或任务内容有误',
  [ERR.TASK_STATE]: '任务已有门店回复，不能修改',
  [ERR.LIFECYCLE_STALE]: '生命周期定义已被他人修改，请刷新后重新编辑',
  [ERR.STATE_CHANGED]: '单据状态已变化，请刷新后重试',
  [ERR.REFUND_INVALID]: '退款申请内容有误',
  [ERR.REFUND_EXCEEDS]: '退款金额超出可退金额',
  [ERR.REFUND_CARD_CANCELLED]: '会员卡已注销，退款不能退回该卡',
  [ERR.POINTS_SHORT]: '会员积分不足',
  [ERR.MALL_ORDER_INVALID]: '商城订单内容有误',
  [ERR.MALL_STOCK_SHORT]: '商品库存不足',
  [ERR.INTENT_INVALID]: '意向金单据内容有误',
  [ERR.EXAM_INVALID]: '检测报告内容有误',
  [ERR.SETTLEMENT_INVALID]: '结算单内容有误',
  // erp (issue 14)
  [ERR.ERP_VOUCHER_INVALID]: '凭证不可用',
  // settle (issue 14 part)
  [ERR.SETTLEMENT_NO_RULE]: '未配置适用的跨店结算规则，请先在跨店结算配置中设置默认规则',
  [ERR.RECEIPT_OVER_MATCH]: '匹配金额超出回单或结算单的剩余金额',
  [ERR.SETTLEMENT_NOT_PAID]: '结算单尚未由银行回单足额匹配，不能标记已结算',
  [ERR.MOVE_INVALID]: '接收门店无效：不能是已闭店的门店或闭店门店本身',
  [ERR.MOVE_STORE_CLOSED]: '该门店已闭店或正在闭店迁移',
  [ERR.CROWD_CONDITION_INVALID]: '人群条件无效',
  [ERR.TAG_KIND_MISMATCH]: '标签类型不允许此操作',
  [ERR.FOLLOW_INVALID]: '跟进记录无效',
  [ERR.QR_INVALID]: '二维码不存在',
  [ERR.QR_DISABLED]: '二维码已停用',
  [ERR.SOFT_TEXT_NOT_PUBLISHED]: '软文不存在或未发布',
  [ERR.EVAL_INVALID]: '评价内容有误',
  [ERR.EVAL_DUPLICATE]: '该收银单已评价',
};

/** Every response body: `{ errcode, errmsg, data }`. */
export interface Envelope<T = unknown> {
  errcode: string;
  errmsg: string;
  data: T;
}

/** Field errors of a PARAM_INVALID answer travel in data.fields: field path → Chinese message. */
export interface FieldErrors {
  fields: Record<string, string>;
}

export const ok = <T>(data: T, errmsg: string = ERRMSG[ERR.OK]): Envelope<T> => ({ errcode: ERR.OK, errmsg, data });

export const fail = <T = null>(errcode: Errcode, errmsg?: string, data?: T): Envelope<T | null> => ({
  errcode,
  errmsg: errmsg ?? ERRMSG[errcode],
  data: data ?? null,
});

/** Codes after which the browser clears the session and goes to /relogin (SPEC §8). */
export const isSessionErrcode = (errcode: string): boolean =>
  errcode.includes('FILTER_LOGIN_') || errcode.includes('SECURES-LOGIN-ON-401') || errcode === ERR.USER_INFO_FAILED;

/** Store-authority result codes are answered by the poll, not alerted (SPEC §8). */
export const STORE_AUTH_CODES: readonly string[] = [
  ERR.STORE_AUTH_PASSED,
  ERR.STORE_AUTH_PENDING,
  ERR.STORE_AUTH_REJECTED,
];

/** TICKET_INVALID as the quick login (/login?ql=1) answers it. */
export const QUICK_LOGIN_INVALID_TEXT = '快捷登录凭证已失效，请使用账号密码登录';

/** Enterprise-login messages containing this text go straight to /login. */
export const WXWORK_LOGIN_ABNORMAL = '企业微信登录异常';
