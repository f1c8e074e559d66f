/** Sign-in, session and account calls of SPEC §7.1. */
import { z } from 'zod';
import { loginAccountSchema, loginPasswordSchema, passwordChangeSchema } from '../rules';
import { ADMIN, endpoint, OPEN, PUBLIC, SESSION } from './endpoint';
import { idOf, idParamOf, intParamOf } from './ids';

/** A menu resource as the session carries it (SPEC §3). */
export interface MenuResource {
  code: string;
  name: string;
  description: string;
}

export interface QuickEntry {
  name: string;
  rsrc: string;
  resourcesId: number;
}

/** One role a user holds (SPEC §3 role entry). userpwd is never sent: always null. */
export interface RoleEntry {
  hierId: number;
  /** Data-level text: 总部, 大区 or 门店. */
  hier: string;
  /** Role code. */
  role: string;
  roleId: number;
  roleName: string;
  description: string;
  userRoleId: number;
  userAccount: string;
  userpwd: null;
  /** Resource codes of the role (groups, pages and buttons). */
  allRsrc: string[];
  quicks: QuickEntry[];
  /** The role the session is currently in. */
  checked: boolean;
}

export interface StoreBrief {
  id: number;
  code: string;
  name: string;
}

export interface LoginResult {
  loginName: string;
  nickname: string;
  createdDate: string;
  enabled: boolean;
  propertyEx: { admin: 0 | 1 };
  roles: RoleEntry[];
  stores: StoreBrief[];
}

export interface LoginInfo {
  userName: string;
  phone: string;
  storeName: string;
  userId: number;
  roles: RoleEntry[];
}

/** Pages and buttons of the chosen role (or, for an administrator, of everything). */
export interface RoleResources {
  pages: MenuResource[];
  buttons: string[];
  roleName: string;
  hierId: number | null;
  userRoleId: number | null;
}

export interface ShortcutNode {
  id: number;
  name: string;
  rsrc: string;
  children: ShortcutNode[];
}

export interface AreaCodeEntry {
  areaCode: string;
  name: string;
  def: boolean;
}

/** data of LOGIN-51005: who may apply for boss permission, and the ticket that proves it. */
export interface BossAuthorityHint {
  userId: number;
  /** Short-lived ticket from the password check; getStoreAuthority takes it as `authority`. */
  authority: string;
}

/** What /xxbLogin is opened with when switching role: never a password. */
export interface SwitchTicket {
  /** Login name. */
  u: string;
  /** The chosen userRoleId. */
  uid: number;
  userId: number;
  /** Signed, single-use ticket, valid SWITCH_TICKET_TTL_SECONDS. */
  p: string;
}

export const switchTicketBody = z.object({
  u: z.string().min(1).max(64),
  uid: idOf('用户'),
  userId: idOf('用户'),
  p: z.string().min(1, '切换凭证无效').max(2048, '切换凭证无效'),
});

export interface WxworkInfo {
  appid: string;
  agentid: string;
  /** The WeCom QR-connect page the QR code points at (the simulator's, by default). */
  qrConnectUrl: string;
  /** Where the login page asks whether its QR code was confirmed; null with the real WeCom. */
  qrStatusUrl: string | null;
}

export const loginBody = z.object({
  user: loginAccountSchema,
  password: loginPasswordSchema,
  /** Sign out this account's other sessions. */
  refresh: z.boolean().optional(),
});

export const AUTH_API = {
  login: endpoint<undefined, z.infer<typeof loginBody>, LoginResult>({
    method: 'POST',
    path: '/rest/auth/login',
    access: PUBLIC,
    body: loginBody,
    summary: '账号密码登录',
  }),
  logout: endpoint<undefined, undefined, null>({
    method: 'POST',
    path: '/rest/auth/logout',
    access: PUBLIC,
    summary: '退出登录',
  }),
  loginInfo: endpoint<undefined, undefined, LoginInfo>({
    method: 'GET',
    path: '/rest/acct/loginInfo',
    access: SESSION,
    summary: '当前用户及其角色',
  }),
  getRResources: endpoint<undefined, undefined, RoleResources>({
    method: 'GET',
    path: '/rest/acct/getRResources',
    access: ADMIN,
    summary: '管理员的全部页面与按钮',
  }),
  selectHierRole: endpoint<undefined, undefined, RoleResources>({
    method: 'POST',
    path: '/rest/acct/selectHierRole/:userRoleId',
    access: SESSION,
    accountVersion: false,
    params: z.object({ userRoleId: idParamOf('用户角色') }),
    summary: '选择层级角色，载入其页面与按钮',
  }),
  synDWRole: endpoint<undefined, undefined, number>({
    method: 'GET',
    path: '/rest/acct/synDWRole',
    access: OPEN,
    summary: '当前角色数据范围内开通 SCRM 的门店数',
  }),
  modifyPassword: endpoint<undefined, z.infer<typeof passwordChangeSchema>, null>({
    method: 'PUT',
    path: '/rest/acct/modifyPassword',
    access: SESSION,
    body: passwordChangeSchema,
    summary: '修改密码',
  }),
  shortcutTree: endpoint<{ roleId: number }, undefined, ShortcutNode[]>({
    method: 'GET',
    path: '/rest/acct/roleResources',
    access: SESSION,
    query: z.object({ roleId: idParamOf('角色') }),
    summary: '角色可设为快捷入口的页面（树）',
  }),
  shortcutList: endpoint<{ roleId: number }, undefined, QuickEntry[]>({
    method: 'GET',
    path: '/rest/acct/shortcutResources',
    access: SESSION,
    query: z.object({ roleId: idParamOf('角色') }),
    summary: '已保存的快捷入口',
  }),
  saveShortcuts: endpoint<undefined, { roleId: number; resourcesId: number[]; userId: number }, QuickEntry[]>({
    method: 'POST',
    path: '/rest/acct/saveShortcuts',
    access: SESSION,
    body: z.object({
      roleId: idOf('角色'),
      resourcesId: z.array(idOf('资源')).max(50),
      userId: idOf('用户'),
    }),
    summary: '保存快捷入口',
  }),
  /** Role switch: a ticket for /xxbLogin (SPEC §4 role switch). */
  switchRoleTicket: endpoint<undefined, { userRoleId: number }, SwitchTicket>({
    method: 'POST',
    path: '/rest/acct/switchRoleTicket',
    access: SESSION,
    body: z.object({ userRoleId: idOf('用户角色') }),
    summary: '切换角色：签发一次性登录凭证',
  }),
  /** /xxbLogin signs in with the ticket; the session starts in the chosen role. */
  ticketLogin: endpoint<undefined, z.infer<typeof switchTicketBody>, LoginResult>({
    method: 'POST',
    path: '/rest/auth/ticketLogin',
    access: PUBLIC,
    body: switchTicketBody,
    summary: '凭一次性凭证登录（切换角色）',
  }),
  /** Hands the signed-in account to a later /login?ql=1 through an encrypted, HttpOnly cookie. */
  quickLoginCookie: endpoint<undefined, undefined, null>({
    method: 'POST',
    path: '/rest/auth/quickLoginCookie',
    access: SESSION,
    summary: '写入快捷登录凭证（加密 Cookie）',
  }),
  /** /login?ql=1: the encrypted cookie signs in once and is cleared. */
  quickLogin: endpoint<undefined, undefined, LoginResult>({
    method: 'POST',
    path: '/rest/auth/quickLogin',
    access: PUBLIC,
    summary: '快捷登录（ql=1）',
  }),
  areaCodes: endpoint<undefined, undefined, AreaCodeEntry[]>({
    method: 'GET',
    path: '/jeecg-boot/areaCode/list',
    access: SESSION,
    summary: '手机号区号',
  }),
  // Enterprise-messaging (WeCom) sign-in and the boss-permission approval: next issue.
  wxworkLogin: endpoint<{ code?: string; user?: string; password?: string; refresh?: string }, undefined, LoginResult>({
    method: 'GET',
    path: '/api/v1/centerWxwork/login',
    access: PUBLIC,
    query: z.object({
      code: z.string().max(200).optional(),
      user: z.string().max(64).optional(),
      password: z.string().max(64).optional(),
      refresh: z.string().max(10).optional(),
    }),
    summary: '企业微信扫码登录',
  }),
  wxworkInfo: endpoint<undefined, undefined, WxworkInfo>({
    method: 'GET',
    path: '/api/v1/centerWxwork/info',
    access: PUBLIC,
    summary: '企业微信扫码参数',
  }),
  loginAllInfo: endpoint<undefined, undefined, LoginResult>({
    method: 'GET',
    path: '/rest/centerWxwork/loginAllInfo',
    access: SESSION,
    summary: '企业微信登录后的完整登录信息',
  }),
  authorizeLogin: endpoint<{ userId: number; spNo: string }, undefined, LoginResult>({
    method: 'GET',
    path: '/rest/centerWxwork/authorizeLogin',
    access: PUBLIC,
    query: z.object({ userId: idParamOf('用户'), spNo: z.string().min(1).max(64) }),
    summary: '老板权限审批通过后登录',
  }),
  /** Answers errcode "0" with errmsg = the spNo (SPEC §3) and data { spNo }. */
  getStoreAuthority: endpoint<{ userId: number; authority: string }, undefined, { spNo: string }>({
    method: 'GET',
    path: '/rest/staffList/getStoreAuthority',
    access: PUBLIC,
    // authority is the BossAuthorityHint ticket of LOGIN-51005 (a sealed text of a few hundred characters).
    query: z.object({
      userId: idParamOf('用户'),
      authority: z.string().min(1, '申请凭证无效').max(2048, '申请凭证无效'),
    }),
    summary: '申请老板权限',
  }),
  getStoreAuthorityResult: endpoint<{ spNo: string; n: number }, undefined, null>({
    method: 'GET',
    path: '/rest/staffList/getStoreAuthorityResult',
    access: PUBLIC,
    query: z.object({ spNo: z.string().min(1).max(64), n: intParamOf('n', { min: 0, max: 100000 }) }),
    summary: '老板权限审批结果',
  }),
} as const;
