/**
 * 闭店迁移 (SPEC §2.4 /close, /closeDetail, /memAccountDetail) and the member's home-store and
 * account switches (/umsMemberSwitchRecord, the /memberMigration tab of /personalAccount).
 *
 * A closure moves every member of a store — the members whose home store it is and the members
 * holding value on a card it sold — to a receiving store chosen in bulk or per member, one
 * transaction per member: each card of the closing store with value or sessions is emptied by
 * 迁出 rows at the closing store and its value put on a successor card of the same product at
 * the receiving store by 迁入 rows (the ledger's rollups belong to a card's selling store, so the
 * value changes store only by changing card); the member's home store follows when it was the
 * closing store. The store is marked 闭店 when every member has moved.
 */
import type { EnumOption } from '../resource/define';

export const CLOSURE_STATUSES = [
  { value: 'running', label: '迁移中', color: 'blue' },
  { value: 'partial', label: '部分失败', color: 'orange' },
  { value: 'done', label: '已完成', color: 'green' },
] as const satisfies readonly EnumOption[];
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number]['value'];

export const MOVE_STATUSES = [
  { value: 'pending', label: '待迁移', color: 'default' },
  { value: 'done', label: '已迁移', color: 'green' },
  { value: 'failed', label: '失败', color: 'red' },
] as const satisfies readonly EnumOption[];
export type MoveStatus = (typeof MOVE_STATUSES)[number]['value'];

/** What a switch record changed: the home store, or the member's account (phone). */
export const SWITCH_KINDS = [
  { value: 'store', label: '所属门店变更', color: 'blue' },
  { value: 'phone', label: '账户（手机号）变更', color: 'purple' },
] as const satisfies readonly EnumOption[];

/** Where a switch came from: a closure's migration, or an edit of the member's file. */
export const SWITCH_SOURCES = [
  { value: 'closure', label: '闭店迁移', color: 'orange' },
  { value: 'edit', label: '资料修改', color: 'default' },
] as const satisfies readonly EnumOption[];

/** 闭店迁移单号: BD and the id in eight digits (a generated column). */
export const CLOSURE_NO_PREFIX = 'BD';
/** The reason of a closure: up to this many characters. */
export const CLOSURE_REASON_MAX = 200;
/** Members of one closure at most (a store's members; the preview lists them all). */
export const CLOSURE_MEMBERS_MAX = 20_000;
