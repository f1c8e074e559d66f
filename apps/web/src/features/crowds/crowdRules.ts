/**
 * The builder's headless logic: a new condition of each kind, 元 ↔ 分 for the money bounds, the
 * first problem of a rule (the contract's own schema, worded with its place), and the debounced
 * value the live count waits for.
 */
import {
  CROWD_CONDITION_KINDS,
  type CrowdCondition,
  type CrowdConditionKind,
  type CrowdRule,
  crowdRule,
} from '@zb/contract/entities/crowd';
import { useEffect, useState } from 'react';

/** A new condition of the kind, as the builder adds it (its inputs then fill it). */
export const newCondition = (kind: CrowdConditionKind): CrowdCondition => {
  switch (kind) {
    case 'store':
      return { kind, storeIds: [], regionIds: [] };
    case 'level':
      return { kind, levelIds: [] };
    case 'gender':
      return { kind, genderIds: [] };
    case 'lastVisit':
      return { kind, days: { min: null, max: 30 } };
    case 'balance':
      return { kind, amount: { min: null, max: null } };
    case 'spend':
      return { kind, days: 30, amount: { min: null, max: null } };
    case 'birthdayMonth':
      return { kind, months: [] };
    case 'cards':
      return { kind, mode: 'any', cardIds: [] };
    case 'joined':
      return { kind, from: null, to: null };
    case 'tag':
      return { kind, tagIds: [] };
  }
};

export const emptyRule = (): CrowdRule => ({ groups: [[newCondition('store')]] });

/** 元 typed → 分 stored (rounded to the 分); null stays null. */
export const yuanToFen = (yuan: number | null | undefined): number | null =>
  yuan === null || yuan === undefined || Number.isNaN(yuan) ? null : Math.round(yuan * 100);

export const fenToYuan = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fen / 100;

/** The rule's first problem by the contract's schema, with the condition it is in; null when valid. */
export const ruleProblem = (rule: CrowdRule): string | null => {
  const parsed = crowdRule.safeParse(rule);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const [, g, c] = issue.path;
  if (typeof g === 'number' && typeof c === 'number') {
    const kind = rule.groups[g]?.[c]?.kind;
    const label = kind && kind in CROWD_CONDITION_KINDS ? CROWD_CONDITION_KINDS[kind].label : '条件';
    return `第 ${g + 1} 组第 ${c + 1} 个条件（${label}）：${issue.message}`;
  }
  return issue.message;
};

/** The value once it has not changed for `ms` (the live count waits for the user to pause). */
export const useDebounced = <T>(value: T, ms = 400): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/** Replaces the condition at (group, index). */
export const withCondition = (rule: CrowdRule, g: number, i: number, c: CrowdCondition): CrowdRule => ({
  groups: rule.groups.map((group, gi) => (gi === g ? group.map((x, ci) => (ci === i ? c : x)) : group)),
});

/** Removes the condition at (group, index); a group left empty goes with it (one group always stays). */
export const withoutCondition = (rule: CrowdRule, g: number, i: number): CrowdRule => {
  const groups = rule.groups.map((group, gi) => (gi === g ? group.filter((_, ci) => ci !== i) : group));
  const kept = groups.filter((group) => group.length > 0);
  return { groups: kept.length ? kept : [[newCondition('store')]] };
};

export const withAdded = (rule: CrowdRule, g: number, kind: CrowdConditionKind): CrowdRule => ({
  groups: rule.groups.map((group, gi) => (gi === g ? [...group, newCondition(kind)] : group)),
});
