/** The thirteen top-level menu groups (SPEC §6), in menu order. */

export const GROUPS = [
  { code: 'ZBHT-SPGL', name: '商品管理', icon: 'shopping' },
  { code: 'ZBHT-MDGL', name: '门店管理', icon: 'shop' },
  { code: 'ZBHT-YGGL', name: '员工管理', icon: 'team' },
  { code: 'ZBHT-HYGL', name: '会员管理', icon: 'user' },
  { code: 'ZBHT-SCGL', name: '商城管理', icon: 'mall' },
  { code: 'ZBHT-YHFA-PAG', name: '平台优惠方案', icon: 'gift' },
  { code: 'ZBHT-DDGL', name: '订单管理', icon: 'order' },
  { code: 'ZBHT-BBHZ', name: '报表汇总', icon: 'report' },
  { code: 'ZBHT-SPZX', name: '审批中心', icon: 'audit' },
  { code: 'ZBHT-XXZX', name: '消息中心', icon: 'message' },
  { code: 'ZBHT-JCGL', name: '基础管理', icon: 'setting' },
  { code: 'ZBHT-XTYW', name: '系统运维', icon: 'tool' },
  { code: 'YWAQ', name: '业务安全', icon: 'safety' },
] as const;

export type GroupCode = (typeof GROUPS)[number]['code'];

export const GROUP_CODES: readonly GroupCode[] = GROUPS.map((g) => g.code);

export const groupName = (code: GroupCode): string => GROUPS.find((g) => g.code === code)?.name ?? code;

export const APPROVAL_GROUP: GroupCode = 'ZBHT-SPZX';

/** Report categories of SPEC §2.10; the SCRM one hides when the store-count flag is empty or 0. */
export const REPORT_CATEGORIES = {
  finance: '财务对接',
  inventory: '库存报表',
  query: '查询报表',
  memberAnalysis: '会员分析',
  scrm: 'SCRM报表',
  erp: 'ERP报表',
  franchise: '加盟核算',
  hqOperation: '总部运营',
} as const;

export const SCRM_CATEGORY = REPORT_CATEGORIES.scrm;
