/**
 * 裂变活动 (/fissionActList, /fissionActDetail, issue 16): a member shares the activity from the
 * mini-program, friends register through the share (POST /open/v1/fissions), and both are rewarded
 * by the activity's rule — the new friend with a welcome coupon at once, the sharer with a coupon
 * for every N friends, up to a most. A friend who registered may share in turn: the activity keeps
 * the sharing tree (each friend's place under who shared with them) and its numbers. An activity
 * lives as every plan does (entities/campaign.ts).
 *
 * Rules: a friend must be a new member (no bill yet), join an activity once, and not be the
 * sharer; the activity must be 进行中 on the day of the registration. Rewards are issued in the
 * registration's transaction through the coupon ledger (source 裂变活动), each in a savepoint: a
 * coupon the coupon side cannot give is noted on the node, never a refusal of the registration.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamOf } from '../api/ids';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource } from '../resource/define';
import { campaignFields, campaignStepsApi } from './campaign';
import { createdAtField } from './goodsCommon';

export const FISSION_EVERY_MAX = 50;
export const FISSION_REWARDS_MAX = 100;
/** The tree the detail draws: at most this many nodes, nearest the roots first. */
export const FISSION_TREE_MAX = 300;

export const FISSION_ACT = defineResource({
  name: 'fissionAct',
  title: '裂变活动',
  page: '/fissionActList',
  detailPage: '/fissionActDetail',
  api: '/rest/fission',
  rowLabel: 'name',
  defaultSort: { field: 'createdAt', dir: 'desc' },
  actions: { create: true, update: true, delete: 'hard', export: true },
  sections: ['基本信息', '奖励规则'],
  fields: {
    ...campaignFields(),
    friendCouponTemplateId: {
      label: '新会员礼券ID',
      type: 'int',
      min: 1,
      formOnly: true,
      section: '奖励规则',
      help: '好友通过分享注册后立即获得的优惠券（可不设）',
    },
    friendCouponName: { label: '新会员礼券', type: 'text', readOnly: true, list: { width: 140 }, section: '奖励规则' },
    sharerCouponTemplateId: {
      label: '分享奖励券ID',
      type: 'int',
      min: 1,
      formOnly: true,
      section: '奖励规则',
      help: '分享人每邀请满设定人数获得的优惠券（可不设）',
    },
    sharerCouponName: { label: '分享奖励券', type: 'text', readOnly: true, list: { width: 140 }, section: '奖励规则' },
    sharerEvery: {
      label: '每邀请人数',
      type: 'int',
      required: true,
      min: 1,
      max: FISSION_EVERY_MAX,
      default: 1,
      section: '奖励规则',
      help: '分享人每邀请满此人数奖励一张分享奖励券',
    },
    sharerMax: {
      label: '分享人奖励上限',
      type: 'int',
      required: true,
      min: 1,
      max: FISSION_REWARDS_MAX,
      default: 10,
      section: '奖励规则',
      help: '同一分享人在本活动中最多获得的奖励张数',
    },
    // 裂变效果: the list's columns; the detail shows them in its result panel.
    sharers: { label: '分享人数', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    friends: { label: '注册好友', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    sharerRewards: { label: '分享奖励', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    friendRewards: { label: '新人礼券', type: 'int', readOnly: true, hidden: true },
    depth: { label: '裂变层级', type: 'int', readOnly: true, list: { width: 90 }, hidden: true },
    createdAt: createdAtField(),
  },
});

/** The friends registered through an activity (/fissionActDetail 注册记录), read-only. */
export const FISSION_NODE = defineResource({
  name: 'fissionNode',
  title: '注册记录',
  page: '/fissionActList',
  api: '/rest/fission/node',
  rowLabel: 'memberName',
  defaultSort: { field: 'at', dir: 'desc' },
  actions: {},
  fields: {
    actId: { label: '活动ID', type: 'int', readOnly: true, filter: 'eq' },
    at: { label: '注册时间', type: 'datetime', readOnly: true, list: { width: 170 }, sort: true },
    memberName: { label: '好友', type: 'text', readOnly: true, list: { width: 100 } },
    memberPhone: { label: '好友手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    sharerName: { label: '分享人', type: 'text', readOnly: true, list: { width: 100 } },
    sharerPhone: { label: '分享人手机号', type: 'text', readOnly: true, list: { width: 120 }, filter: 'like' },
    level: { label: '层级', type: 'int', readOnly: true, list: { width: 70 }, sort: true },
    invited: { label: '再邀请', type: 'int', readOnly: true, list: { width: 80 } },
    reward: { label: '奖励', type: 'text', readOnly: true, list: { width: 220 } },
  },
});

/** One node of the sharing tree: a member and the friends they brought. */
export interface FissionTreeNode {
  memberId: number;
  name: string;
  phone: string;
  /** Friends registered through this member's share. */
  invited: number;
  children: FissionTreeNode[];
}

export interface FissionTree {
  roots: FissionTreeNode[];
  /** Nodes left out past FISSION_TREE_MAX. */
  omitted: number;
}

const phone = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^\d{6,15}$/, `${label}为 6 到 15 位数字`);

/** The mini-program registers a friend who came through a share. */
export const openFissionBody = z.object({
  fissionNo: z.string({ error: '请填写登记单号' }).trim().min(1, '请填写登记单号').max(64, '登记单号最多 64 个字符'),
  actCode: z.string({ error: '请填写活动编号' }).trim().min(1, '请填写活动编号').max(20, '活动编号最多 20 个字符'),
  sharer: phone('分享人手机号'),
  member: phone('好友手机号'),
  at: z.iso.datetime({ error: '注册时间格式无效', offset: true }),
});
export type OpenFissionBody = z.output<typeof openFissionBody>;

export interface OpenFissionAnswer {
  fissionNo: string;
  actCode: string;
  /** The friend's place in the tree (1: a friend of a first sharer). */
  level: number;
  friendCoupon: boolean;
  sharerRewarded: boolean;
  replayed: boolean;
}

export const FISSION_API = {
  ...resourceApi(FISSION_ACT),
  node: resourceApi(FISSION_NODE),
  ...campaignStepsApi('/fissionActList', '/rest/fission', '裂变活动'),
  coupons: endpoint<undefined, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: '/rest/fission/coupons',
    access: pageAccess('/fissionActList'),
    read: true,
    summary: '可作裂变奖励的优惠券',
  }),
  tree: endpoint<{ actId: number }, undefined, FissionTree>({
    method: 'GET',
    path: '/rest/fission/tree',
    access: pageAccess('/fissionActList'),
    query: z.object({ actId: idParamOf('裂变活动') }),
    read: true,
    summary: '裂变活动的分享树',
  }),
} as const;
