/**
 * Shortcut selection (SPEC §5), as pure functions: at most SHORTCUT_MAX of the existing shortcuts
 * preselected; the tree's parent nodes (groups) select their children and are never saved
 * themselves; tiles shown SHORTCUTS_PER_ROW to a row.
 */
import type { QuickEntry, ShortcutNode } from '@zb/contract/api/auth';
import { SHORTCUT_MAX, SHORTCUTS_PER_ROW } from '@zb/contract/constants';

export const preselected = (quicks: readonly QuickEntry[]): number[] =>
  quicks.slice(0, SHORTCUT_MAX).map((q) => q.resourcesId);

/** The leaf (page) ids among checked keys, in tree order. */
export const checkedPages = (tree: readonly ShortcutNode[], checked: readonly (string | number)[]): number[] => {
  const set = new Set(checked.map(Number));
  const out: number[] = [];
  const walk = (nodes: readonly ShortcutNode[]) => {
    for (const n of nodes) {
      if (n.children.length) walk(n.children);
      else if (set.has(n.id)) out.push(n.id);
    }
  };
  walk(tree);
  return out;
};

/** Splits tiles into rows of SHORTCUTS_PER_ROW, showing at most SHORTCUT_MAX. */
export const tileRows = <T>(items: readonly T[]): T[][] => {
  const shown = items.slice(0, SHORTCUT_MAX);
  const rows: T[][] = [];
  for (let i = 0; i < shown.length; i += SHORTCUTS_PER_ROW) rows.push(shown.slice(i, i + SHORTCUTS_PER_ROW));
  return rows;
};
