/**
 * The operation log's words in Chinese (/operationLog shows these, never the code's names).
 *
 * A row's `target` is `<entity>:<id>`; the entity is a resource declaration's `name` (its `title`
 * and its fields' labels name it) or one of OPERATION_ENTITIES below, the entities the hand-written
 * services log. A row's `action` is one of OPERATION_ACTIONS, or `<prefix>.<verb>`: the verb is
 * named by the prefix's declared steps (STEP_VERBS: an order's 审核, an activity's 提交审核) or by
 * OPERATION_VERBS. The server's type of an action (platform/audit.ts) is OperationAction, so a new
 * action without a Chinese name does not compile; modules/logs/operationNames.test.ts checks the
 * engine's actions and every entity the code writes.
 */

import { COUPON_DELAY_STATUSES, COUPON_ISSUE_SOURCES, COUPON_TEMPLATE_STEPS } from './entities/coupon';
import { EVA_INVITE_TIMINGS } from './entities/evaluation';
import { EXAM_GRADES } from './entities/examination';
import { HOME_GOODS_KINDS, HOME_LINK_KINDS } from './entities/homepage';
import { INTENT_AMOUNT_MODES, INTENT_FLOW, INTENT_REFUND_BY, INTENT_REFUND_FLOW } from './entities/intentDeposit';
import { MALL_ORDER_FLOW, MALL_RETURN_FLOW } from './entities/mall';
import { ACTIVITY_STEPS } from './entities/marketingActivity';
import { LIFECYCLE_FIELDS } from './entities/memberLifecycle';
import { REFUND_FLOW } from './entities/refund';
import { SETTLEMENT_FLOW } from './entities/settlement';
import { ORDER_STEPS, PAY_METHODS } from './entities/storeOrder';
import { stepLabels } from './flow';
import { FLOWS } from './flows';

/** Actions named as a whole. */
export const OPERATION_ACTIONS = {
  modifyPassword: '修改密码',
  loginLock: '连续输错密码锁定',
  quickLogin: '快捷登录',
  quickLoginCookie: '签发快捷登录凭证',
  switchRoleTicket: '切换角色',
  ticketLogin: '凭票登录',
  saveShortcuts: '设置快捷入口',
  approvalSubmit: '提交审批',
  approvalApprove: '审批通过',
  approvalReject: '审批驳回',
  approvalAuthorize: '授权登录',
  refreshPermissions: '刷新权限',
  addHier: '新增层级',
  delHier: '删除层级',
  addHierContent: '新增层级节点',
  delHierContent: '删除层级节点',
  addHierRole: '新增角色',
  modRoleName: '修改角色名称',
  delRole: '删除角色',
  addHierContentRole: '节点添加角色',
  delHierRole: '节点移除角色',
  addHierContentRoleMember: '添加角色成员',
  delHierRoleMember: '移除角色成员',
  addRoleResources: '设置角色权限',
  updateResources: '修改菜单资源',
  updateMenu: '修改菜单',
  deleteMenu: '恢复默认菜单',
  addRoleQuicks: '设置角色快捷入口',
  addStoreQuicks: '设置门店快捷入口',
  readNotice: '阅读通知',
  saveTaskMsg: '保存消息或任务',
  deleteTaskMsg: '删除消息或任务',
  saveTaskTemplete: '保存任务模板',
  readTaskMsg: '门店阅读消息',
  answerTask: '门店回复任务',
  taskOverdue: '任务逾期提醒',
  saveStocktake: '保存盘点通知',
  deleteStocktake: '删除盘点通知',
  stocktakeCount: '门店提交盘点',
  stocktakeOverdue: '盘点逾期提醒',
  shrSync: 'SHR同步员工',
  homeSave: '保存小程序首页草稿',
  homePublish: '发布小程序首页',
  wxMenuPublish: '发布公众号菜单',
  homeDiscard: '放弃小程序首页修改',
  homeRestore: '恢复小程序首页发布记录',
  updateScheduleCron: '修改执行时间',
  enableScheduleJob: '启用定时任务',
  disableScheduleJob: '停用定时任务',
  runScheduleJob: '立即执行定时任务',
  uploadImg: '上传图片',
  export: '导出',
  updateSetting: '修改系统设置',
} as const;

/** Verbs of `<prefix>.<verb>` actions: the engine's writes and batch actions, and the services' own. */
export const OPERATION_VERBS = {
  create: '新增',
  update: '修改',
  delete: '删除',
  save: '保存',
  enable: '启用',
  disable: '停用',
  onSale: '上架',
  offSale: '下架',
  sort: '排序',
  import: '导入',
  submit: '提交',
  modify: '修改',
  pay: '付款',
  approve: '审核通过',
  reject: '驳回',
  claim: '领取',
  give: '赠送',
  open: '开卡',
  topUp: '充值',
  consume: '消费',
  refund: '退款',
  adjust: '调整',
  voidCards: '作废实体卡',
  addLabels: '添加标签',
  removeLabels: '移除标签',
  setCa: '设置管理员',
  resetPassword: '重置密码',
  issue: '签发密钥',
  revoke: '吊销',
  // settle (issue 14 part)
  generate: '生成',
  match: '匹配',
  unmatch: '取消匹配',
  // coupons (issue 16 part)
  issueCoupons: '发放优惠券',
  voidCoupons: '作废优惠券',
  resend: '补发优惠券',
  delay: '延期',
  // member assets (issue 15 part): a card's handlings
  freeze: '冻结',
  unfreeze: '解冻',
  adjustApply: '申请调整',
  reissueApply: '申请补卡',
  cancelApply: '申请注销',
  reissue: '补卡',
  cancelCard: '注销',
  // points (issue 15)
  exchange: '积分兑换',
  // 会员迁入 (issue 15)
  rollback: '撤销',
  // 人群 (issue 16)
  snapshot: '生成快照',
  // 软文 (issue 16)
  publish: '发布',
  offline: '下线',
  // 团购平台 (issue 16)
  sync: '同步',
  verify: '核销',
  resume: '中断后续导',
  giveUp: '中断后标记失败',
  // 评价 (issue 17)
  assign: '分派',
  reply: '回复',
  close: '关闭',
  // 会员标签 (issue 17)
  tagMembers: '打标签',
  untagMembers: '移除标签',
  evaluate: '计算规则标签',
} as const;

const labelsOf = (steps: Record<string, { label: string }>): Record<string, string> =>
  Object.fromEntries(Object.entries(steps).map(([k, s]) => [k, s.label]));

/** A prefix's own steps, named as its declaration names them (ahead of OPERATION_VERBS). */
export const STEP_VERBS: Record<string, Record<string, string>> = {
  storeOrder: labelsOf(ORDER_STEPS),
  materialOrder: labelsOf(ORDER_STEPS),
  marketingActivity: labelsOf(ACTIVITY_STEPS),
  couponTemplate: labelsOf(COUPON_TEMPLATE_STEPS),
  ...Object.fromEntries(FLOWS.map((f) => [f.name, stepLabels(f)])),
};

export type OperationVerb = keyof typeof OPERATION_VERBS | keyof typeof ORDER_STEPS | keyof typeof ACTIVITY_STEPS;
export type OperationAction = keyof typeof OPERATION_ACTIONS | `${string}.${OperationVerb}`;

/**
 * The Chinese names of an object's keys in a row's before/after, and of the objects (or arrays
 * of objects) nested under its keys: a bill's `lines`, an order's `lines`. /operationLog names
 * every key at every depth from these; a key nothing names is shown as it is, and
 * modules/logs/logs.test.ts fails on it.
 */
export interface LoggedNames {
  /** Field names of the object's keys. */
  fields?: Record<string, string>;
  /** Chinese names of the values of a field, by field. */
  values?: Record<string, Record<string, string>>;
  /** The names of what is under a key: an object, or each object of an array. */
  nested?: Record<string, LoggedNames>;
  /**
   * The keys are a resource's fields: the resource named by this key of the enclosing object
   * (an export's `params`, named by its `source`).
   */
  fieldsOfKey?: string;
}

export interface LoggedEntity extends LoggedNames {
  /** Chinese noun, e.g. 实体卡. */
  name: string;
  /** The resource declaration whose field labels (and enum labels) name this entity's fields too. */
  fieldsOf?: string;
}

/** A home-page link's keys (entities/homepage.ts). */
const HOME_LINK_NAMES: LoggedNames = {
  fields: { kind: '跳转类型', targetId: '跳转目标ID', url: '网址' },
  values: { kind: Object.fromEntries(HOME_LINK_KINDS.map((k) => [k.value, k.label])) },
};

const CLAIM_STATUS = { unclaimed: '未领取', claimed: '已领取', voided: '已作废' };

/** The entities hand-written services log that are no resource declaration (target prefix → names). */
export const OPERATION_ENTITIES: Record<string, LoggedEntity> = {
  // 小程序首页 (issue 16): the draft and its publications.
  home_draft: {
    name: '小程序首页草稿',
    fields: { notice: '公告', banners: '轮播图', navs: '导航', goods: '推荐商品', version: '版本' },
    nested: {
      banners: { fields: { image: '图片', title: '标题', link: '跳转' }, nested: { link: HOME_LINK_NAMES } },
      navs: { fields: { icon: '图标', title: '名称', link: '跳转' }, nested: { link: HOME_LINK_NAMES } },
      goods: {
        fields: { kind: '类别', id: '商品ID' },
        values: { kind: Object.fromEntries(HOME_GOODS_KINDS.map((k) => [k.value, k.label])) },
      },
    },
  },
  home_version: { name: '小程序首页发布', fields: { version: '版本' } },
  // 公众号菜单 (issue 16, /protects): each publication, the menu in words.
  wx_menu: { name: '公众号菜单', fields: { menu: '菜单' } },
  // 推广方案 (issue 16): its review in the approval center.
  promotion: { name: '推广方案', fieldsOf: 'promotion', fields: { spNo: '审批单号', comment: '审批意见' } },
  sale: { name: '折扣方案', fieldsOf: 'sale', fields: { spNo: '审批单号', comment: '审批意见' } },
  giftPlan: { name: '赠送方案', fieldsOf: 'giftPlan', fields: { spNo: '审批单号', comment: '审批意见' } },
  bossGiftAct: { name: '老板赠送活动', fieldsOf: 'bossGiftAct', fields: { spNo: '审批单号', comment: '审批意见' } },
  fissionAct: { name: '裂变活动', fieldsOf: 'fissionAct', fields: { spNo: '审批单号', comment: '审批意见' } },
  mallEvent: { name: '商城活动', fieldsOf: 'mallEvent', fields: { spNo: '审批单号', comment: '审批意见' } },
  // 老板赠送 (issue 16): a boss's gift to members.
  boss_gift: {
    name: '老板赠送',
    fields: {
      act: '活动',
      store: '门店',
      gift: '赠品',
      count: '张数',
      members: '会员',
      value: '计入预算',
      remark: '备注',
    },
  },
  // 盘点通知 (issue 17)
  stocktake_notice: {
    name: '盘点通知',
    fields: {
      title: '标题',
      type: '盘点类型',
      content: '说明',
      deadline: '截止日期',
      productIds: '盘点商品',
      regionIds: '大区',
      storeIds: '门店',
      stores: '门店数',
      storeId: '门店ID',
      countNo: '盘点单号',
      lines: '盘点行数',
      gainAmount: '盘盈金额',
      lossAmount: '盘亏金额',
      id: 'ID',
      createdBy: '创建人ID',
      createdAt: '创建时间',
      updatedAt: '修改时间',
    },
  },
  // SHR (issue 17): a sync run's outcome (the staff it changed are logged as staff).
  shr_run: {
    name: 'SHR同步',
    fieldsOf: 'shrRun',
    fields: { left: '离职' },
  },
  // 评价 (issue 17): a 差评's steps (runStep's { status, reason }), a reply, an assignment.
  evaluation: {
    name: '评价',
    fieldsOf: 'evaluation',
    fields: { reason: '说明', handlerId: '处理人ID', handler: '处理人' },
  },
  eva_setting: {
    name: '评价设置',
    fields: {
      scaleMax: '分制',
      goodMin: '好评分数线',
      badMax: '差评分数线',
      badAnyDimension: '单项低分计为差评',
      inviteTiming: '邀请发送时机',
      inviteDelayHours: '延迟小时数',
      validDays: '可评价天数',
      notifyUserIds: '差评通知人员',
    },
    values: { inviteTiming: Object.fromEntries(EVA_INVITE_TIMINGS.map((o) => [o.value, o.label])) },
  },
  // The mall's flow steps (platform/flow.ts runStep logs { status, reason } on the table's rows).
  mall_order: {
    name: '商城订单',
    fields: { status: '状态', reason: '原因' },
    values: { status: Object.fromEntries(MALL_ORDER_FLOW.states.map((o) => [o.value, o.label])) },
  },
  mall_return: {
    name: '售后单',
    fields: { status: '状态', reason: '原因' },
    values: { status: Object.fromEntries(MALL_RETURN_FLOW.states.map((o) => [o.value, o.label])) },
  },
  user_account: {
    name: '账号',
    fieldsOf: 'account',
    fields: {
      failedLogins: '连续密码错误次数',
      lockedUntil: '锁定至',
      otherSessionsEnded: '结束的其他会话数',
      userRoleId: '角色',
    },
  },
  user_quick: { name: '快捷入口' },
  task_msg: {
    name: '消息任务',
    fields: {
      kind: '类别',
      msgType: '消息类型',
      title: '标题',
      content: '内容',
      deadline: '截止时间',
      templeteId: '模板',
      storeIds: '接收门店',
      storeId: '门店',
      readAt: '阅读时间',
      answeredAt: '回复时间',
      result: '完成情况',
      stores: '逾期门店',
    },
    values: { kind: { 1: '消息', 2: '任务' } },
  },
  task_templete: {
    name: '任务模板',
    fields: { name: '名称', msgType: '消息类型', content: '内容', enabled: '是否启用' },
  },
  group_buy_sync: {
    name: '团购平台同步',
    fields: { platform: '平台', what: '内容', listed: '平台列出', added: '新增' },
    values: { platform: { meituan: '美团/大众点评', douyin: '抖音' }, what: { shops: '门店', deals: '团购商品' } },
  },
  member_lifecycle_def: {
    name: '会员生命周期定义',
    fields: { ...Object.fromEntries(LIFECYCLE_FIELDS.map((f) => [f.key, f.label])), version: '版本', note: '说明' },
  },
  points_exchange: {
    name: '积分兑换',
    fields: { memberId: '会员', itemName: '兑换物品', quantity: '数量', points: '积分', remark: '备注' },
  },
  erp_voucher: {
    name: 'EAS凭证',
    fields: { storeIds: '门店', dayFrom: '开始日期', dayTo: '结束日期', made: '生成张数', failed: '失败张数' },
  },
  open_client: {
    name: '开放接口密钥',
    fields: { kind: '类型', name: '名称', appKey: 'AppKey' },
    values: { kind: { pos: 'POS终端', mini: '小程序' } },
  },
  user_role: {
    name: '角色成员',
    fields: {
      userId: '账号',
      userRoleId: '角色成员',
      contentRoleId: '节点角色',
      loginName: '登录账号',
      contentName: '层级节点',
      roleName: '角色',
    },
  },
  hier: { name: '层级', fields: { name: '名称', level: '数据级别', sort: '排序' } },
  hier_content: {
    name: '层级节点',
    fields: { name: '名称', hierId: '层级', parentId: '上级节点', regionId: '大区', storeId: '门店' },
  },
  hier_content_role: {
    name: '节点角色',
    fields: { contentId: '层级节点', roleId: '角色', contentName: '层级节点名称', roleName: '角色名称' },
  },
  role: { name: '角色', fields: { code: '角色编码', name: '角色名称', description: '描述', hierId: '层级' } },
  resource: { name: '菜单资源', fields: { name: '名称', description: '说明', menuSort: '菜单顺序' } },
  role_quick: { name: '角色快捷入口' },
  store_quick: { name: '门店快捷入口' },
  approval: {
    name: '审批',
    fields: {
      spNo: '审批编号',
      type: '审批类型',
      storeId: '门店',
      status: '状态',
      comment: '审批意见',
      reason: '申请原因',
      role: '授予角色',
      contentRoleId: '节点角色',
    },
    values: {
      status: { pending: '待审批', approved: '已通过', rejected: '已驳回' },
      type: { bossAuthority: '老板权限申请' },
    },
  },
  app_setting: { name: '权限版本', fields: { version: '版本' } },
  setting: { name: '系统设置', fields: { value: '值' } },
  schedule_job: { name: '定时任务', fields: { cron: '执行时间', enabled: '启用', runId: '执行记录' } },
  notice: { name: '通知', fields: { isRead: '已读' } },
  stored_file: { name: '文件', fields: { name: '文件名', mime: '文件类型', size: '大小（字节）' } },
  export_job: {
    name: '导出任务',
    fields: { source: '数据来源', title: '标题', params: '筛选条件', totalRows: '行数' },
    nested: { params: { fieldsOfKey: 'source' } },
  },
  store_order: {
    name: '订货单',
    fieldsOf: 'storeOrder',
    fields: { lines: '订货明细', received: '收货明细', payment: '付款' },
    nested: {
      lines: { fields: { itemId: '商品', quantity: '数量', unitPrice: '单价（分）', amount: '金额（分）' } },
      received: { fields: { lineId: '订货明细', receivedQty: '实收数量' } },
      payment: {
        fields: { amount: '金额（分）', method: '付款方式', paidAt: '付款时间' },
        values: { method: Object.fromEntries(PAY_METHODS.map((m) => [m.value, m.label])) },
      },
    },
  },
  order_config: { name: '订货设置' },
  marketing_activity: {
    name: '营销活动',
    fieldsOf: 'marketingActivity',
    fields: { cardsRegenerated: '重新生成实体卡数', count: '作废张数', all: '作废全部', numbers: '作废卡号' },
    values: { status: CLAIM_STATUS },
  },
  qr_code: {
    name: '二维码',
    fieldsOf: 'qrCode',
    fields: { channelName: '渠道', ownerKind: '归属', storeId: '门店' },
  },
  memberTag: {
    name: '会员标签',
    fieldsOf: 'memberTag',
    fields: { memberIds: '会员', added: '新增会员数', already: '已有标签会员数', removed: '移除会员数' },
    // A rule tag's rule: its conditions, each a kind and its bounds (money in 分).
    nested: {
      rule: {
        fields: { conditions: '条件' },
        nested: {
          conditions: {
            fields: { kind: '条件类型', days: '天数', amount: '金额（分）', count: '到店次数' },
            nested: {
              days: { fields: { min: '下限', max: '上限' } },
              amount: { fields: { min: '下限', max: '上限' } },
              count: { fields: { min: '下限', max: '上限' } },
            },
          },
        },
      },
    },
  },
  crowd: {
    name: '人群',
    fieldsOf: 'crowd',
    fields: { snapshotId: '快照', count: '人数' },
  },
  couponTemplate: {
    name: '优惠券',
    fieldsOf: 'couponTemplate',
    fields: {
      source: '发放方式',
      label: '发放对象',
      issued: '发放张数',
      failed: '失败人数',
      total: '发放人数',
      crowdId: '人群',
      snapshotId: '人群快照',
    },
    values: { source: Object.fromEntries(COUPON_ISSUE_SOURCES.map((o) => [o.value, o.label])) },
  },
  coupon_delay: {
    name: '优惠券延期',
    fields: { couponIds: '优惠券', count: '张数', days: '延期天数', reason: '原因', status: '状态', spNo: '审批编号' },
    values: { status: Object.fromEntries(COUPON_DELAY_STATUSES.map((o) => [o.value, o.label])) },
  },
  marketing_real_card: {
    name: '实体卡',
    fields: { status: '状态', memberPhone: '会员手机号', memberId: '会员', memberCardNo: '会员卡号' },
    values: { status: CLAIM_STATUS },
  },
  member_card: {
    name: '会员卡',
    fields: {
      cardNo: '会员卡号',
      member: '会员',
      card: '卡项',
      store: '门店',
      paid: '实付（分）',
      topUpNo: '充值单号',
      amount: '金额（分）',
      bonus: '赠送金额（分）',
      balance: '余额（分）',
      bonusBalance: '赠送余额（分）',
      sessions: '次数',
      source: '来源',
      ref: '业务单据',
      reason: '原因',
      status: '状态',
      handling: '处理记录',
      adjust: '调整内容',
      spNo: '审批编号',
      what: '申请内容',
      application: '补卡注销申请',
      newCardNo: '新卡号',
      newMemberCardId: '新会员卡',
      refundAmount: '退款金额（分）',
    },
    nested: { sessions: { fields: { projectId: '项目', sessions: '次数' } } },
  },
  store_closure: {
    name: '闭店迁移单',
    fields: {
      closureNo: '迁移单号',
      store: '闭店门店',
      toStore: '接收门店',
      reason: '闭店原因',
      members: '会员数',
      status: '状态',
      moved: '已迁移',
      failed: '失败',
    },
    values: { status: { running: '迁移中', partial: '部分失败', done: '已完成' } },
  },
  member_move: {
    name: '会员迁移',
    fields: {
      closureNo: '迁移单号',
      member: '会员',
      fromStore: '迁出门店',
      toStore: '接收门店',
      homeStore: '所属门店',
      cards: '迁移卡',
      amount: '本金（分）',
      bonus: '赠送金额（分）',
      sessions: '次数',
      error: '失败原因',
    },
    nested: { cards: { fields: { from: '原卡号', to: '新卡号' } } },
  },
  refund: {
    name: '退款单',
    fields: { status: '状态', reason: '原因' },
    values: { status: Object.fromEntries(REFUND_FLOW.states.map((x) => [x.value, x.label])) },
  },
  member_consume: {
    name: '消费单',
    fields: {
      billNo: '单号',
      member: '会员',
      store: '门店',
      total: '金额（分）',
      paidByCard: '卡内支付（分）',
      lines: '消费明细',
    },
    nested: {
      lines: {
        fields: {
          item: '项目或商品',
          quantity: '数量',
          amount: '金额（分）',
          card: '会员卡号',
          sessions: '扣次数',
          cardAmount: '卡内支付（分）',
        },
      },
    },
  },
  product_barcode: {
    name: '商品条码',
    fieldsOf: 'productBarcode',
    fields: { file: '文件', created: '新增条码数', unchanged: '未变条码数', barcodes: '新增条码' },
  },
  member_import: {
    name: '会员迁入批次',
    fields: {
      batchNo: '迁入批次号',
      file: '文件',
      totalRows: '总行数',
      errorRows: '有误行数',
      readyRows: '可导入行数',
      skippedRows: '跳过行数',
      newMembers: '新会员数',
      existingMembers: '已有会员数',
      cards: '会员卡数',
      principal: '储值本金（分）',
      bonus: '储值赠金（分）',
      sessions: '套餐次数',
      processedRows: '已处理行数',
      resumes: '续导次数',
    },
  },
  crossLevelDraw: { name: '跨级划卡', fields: { allowed: '允许的划卡' } },
  intent_config: {
    name: '门店意向金配置',
    fields: {
      storeId: '门店',
      amountMode: '金额方式',
      fixedAmounts: '固定金额（分）',
      minAmount: '最低金额（分）',
      maxAmount: '最高金额（分）',
      validityDays: '有效天数',
      refundable: '可退款',
      refundBy: '退款申请方',
    },
    values: {
      amountMode: Object.fromEntries(INTENT_AMOUNT_MODES.map((m) => [m.value, m.label])),
      refundBy: Object.fromEntries(INTENT_REFUND_BY.map((m) => [m.value, m.label])),
    },
  },
  examination: {
    name: '检测报告',
    fields: {
      reportNo: '报告编号',
      outerNo: '设备单号',
      storeId: '门店',
      memberId: '会员',
      grade: '总体评级',
      abnormalCount: '异常项数',
    },
    values: { grade: Object.fromEntries(EXAM_GRADES.map((g) => [g.value, g.label])) },
  },
  intent_deposit: {
    name: '意向金',
    fields: { reason: '原因' },
    values: { status: Object.fromEntries(INTENT_FLOW.states.map((s) => [s.value, s.label])) },
  },
  intent_refund: {
    name: '意向金退款',
    fields: { reason: '原因' },
    values: { status: Object.fromEntries(INTENT_REFUND_FLOW.states.map((s) => [s.value, s.label])) },
  },
  // settle (issue 14 part)
  settlement_statement: {
    name: '跨店结算单',
    fields: { reason: '原因' },
    values: { status: Object.fromEntries(SETTLEMENT_FLOW.states.map((s) => [s.value, s.label])) },
  },
  settlement_month: {
    name: '跨店结算月份',
    fields: {
      month: '月份',
      written: '生成结算单数',
      kept: '保留结算单数',
      removed: '删除结算单数',
      lines: '明细行数',
    },
  },
  // a receipt's matches to statements (bankReceipt.match / unmatch)
  bankReceipt: { name: '银行回单', fieldsOf: 'bankReceipt', fields: { statementNo: '结算单号' } },
};

/** Field names every entity shares when its own declare none. */
export const COMMON_FIELDS: Record<string, string> = {
  id: 'ID',
  code: '编码',
  name: '名称',
  status: '状态',
  remark: '备注',
  /** A flow step's reason (platform/flow.ts runStep). */
  reason: '原因',
  order: '顺序',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  enabled: '启用',
  sortBy: '排序字段',
  sortDir: '排序方向',
};
