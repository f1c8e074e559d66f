/**
 * The role-authorization tree, headless: groups → categories → pages → buttons, and the checked
 * state of a role's resource ids. Keys of real resources are their ids; a category is a virtual
 * node (`cat:<group>:<label>`). The rules are the server's: checking a node checks what it holds
 * and what implies it (a button its page, a page its group); unchecking drops it and what it holds,
 * and a group left without any page is dropped too. A page may be held without its buttons.
 */
import type { ResourceNode } from '@zb/contract/api/resources';

export interface AuthNode {
  key: string;
  title: string;
  /** The resource id; null for a category. */
  id: number | null;
  kind: 'group' | 'category' | 'page' | 'button';
  children: AuthNode[];
}

export const categoryKey = (groupCode: string, label: string): string => `cat:${groupCode}:${label}`;

const leaf = (n: ResourceNode, kind: 'page' | 'button'): AuthNode => ({
  key: String(n.id),
  title: n.name,
  id: n.id,
  kind,
  children: kind === 'page' ? n.children.map((b) => leaf(b, 'button')) : [],
});

/** Group → category (in the order of their first page) → page → button. */
export const toAuthTree = (groups: readonly ResourceNode[]): AuthNode[] =>
  groups.map((g) => {
    const categories: AuthNode[] = [];
    for (const p of g.children) {
      const label = p.category || '其他';
      const key = categoryKey(g.code, label);
      let category = categories.find((c) => c.key === key);
      if (!category) {
        category = { key, title: label, id: null, kind: 'category', children: [] };
        categories.push(category);
      }
      category.children.push(leaf(p, 'page'));
    }
    return { key: String(g.id), title: g.name, id: g.id, kind: 'group', children: categories };
  });

export interface TreeIndex {
  byKey: Map<string, AuthNode>;
  parentOf: Map<string, AuthNode>;
}

export const indexTree = (tree: readonly AuthNode[]): TreeIndex => {
  const byKey = new Map<string, AuthNode>();
  const parentOf = new Map<string, AuthNode>();
  const walk = (nodes: readonly AuthNode[], parent: AuthNode | null) => {
    for (const n of nodes) {
      byKey.set(n.key, n);
      if (parent) parentOf.set(n.key, parent);
      walk(n.children, n);
    }
  };
  walk(tree, null);
  return { byKey, parentOf };
};

const descendants = (n: AuthNode): AuthNode[] => n.children.flatMap((c) => [c, ...descendants(c)]);

const ancestors = (key: string, index: TreeIndex): AuthNode[] => {
  const out: AuthNode[] = [];
  for (let p = index.parentOf.get(key); p; p = index.parentOf.get(p.key)) out.push(p);
  return out;
};

/** The ids held after checking or unchecking a node. */
export const toggle = (held: ReadonlySet<number>, key: string, checked: boolean, index: TreeIndex): Set<number> => {
  const node = index.byKey.get(key);
  const next = new Set(held);
  if (!node) return next;
  const own = [node, ...descendants(node)].flatMap((n) => (n.id === null ? [] : [n.id]));
  if (checked) {
    for (const id of own) next.add(id);
    for (const a of ancestors(key, index)) if (a.id !== null) next.add(a.id);
    return next;
  }
  for (const id of own) next.delete(id);
  // A group left without any page is no longer held (a group alone opens nothing useful).
  for (const a of ancestors(key, index)) {
    if (a.kind === 'group' && a.id !== null && !descendants(a).some((d) => d.id !== null && next.has(d.id))) {
      next.delete(a.id);
    }
  }
  return next;
};

/**
 * What the antd Tree (checkStrictly) shows: a node is checked when it and everything below it is
 * held, half-checked when something in it is held but not all of it.
 */
export const checkState = (
  tree: readonly AuthNode[],
  held: ReadonlySet<number>,
): { checked: string[]; halfChecked: string[] } => {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (n: AuthNode): 'all' | 'some' | 'none' => {
    const self = n.id === null ? null : held.has(n.id);
    const states = n.children.map(visit);
    let state: 'all' | 'some' | 'none';
    if (n.children.length === 0) state = self ? 'all' : 'none';
    else if (states.every((s) => s === 'all') && self !== false) state = 'all';
    else if (self || states.some((s) => s !== 'none')) state = 'some';
    else state = 'none';
    if (state === 'all') checked.push(n.key);
    else if (state === 'some') halfChecked.push(n.key);
    return state;
  };
  for (const n of tree) visit(n);
  return { checked, halfChecked };
};

export const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean =>
  a.size === b.size && [...a].every((x) => b.has(x));
