/**
 * The left tree of /hierarchicalArchitecture, headless: boxes as top nodes (with their level),
 * their contents (loaded when a box opens) as leaves; keys say what a node is.
 */
import type { ContentHit, ContentNode, HierBox } from '@zb/contract/api/hierarchy';

export type TreeKey = `box:${number}` | `content:${number}:${number}`;

export interface HierTreeNode {
  key: TreeKey;
  title: string;
  isLeaf: boolean;
  children?: HierTreeNode[];
}

/** A box, or a content with its box. */
export type Selection = { kind: 'box'; id: number } | { kind: 'content'; hierId: number; id: number } | null;

export const boxKey = (id: number): TreeKey => `box:${id}`;
export const contentKey = (hierId: number, id: number): TreeKey => `content:${hierId}:${id}`;

export const keyOf = (s: Selection): TreeKey | null =>
  s === null ? null : s.kind === 'box' ? boxKey(s.id) : contentKey(s.hierId, s.id);

export const parseKey = (key: string | number | undefined | null): Selection => {
  const text = String(key ?? '');
  const box = /^box:(\d+)$/.exec(text);
  if (box) return { kind: 'box', id: Number(box[1]) };
  const content = /^content:(\d+):(\d+)$/.exec(text);
  return content ? { kind: 'content', hierId: Number(content[1]), id: Number(content[2]) } : null;
};

export const boxTitle = (b: HierBox): string => `${b.name}（${b.levelName}·${b.contentCount}）`;

/** Boxes with the contents loaded so far; a box not yet loaded has no children (antd loads it on open). */
export const buildTree = (boxes: readonly HierBox[], contents: ReadonlyMap<number, readonly ContentNode[]>) =>
  boxes.map(
    (b): HierTreeNode => ({
      key: boxKey(b.id),
      title: boxTitle(b),
      isLeaf: b.contentCount === 0 && !contents.get(b.id)?.length,
      children: contents.get(b.id)?.map((c) => ({ key: contentKey(b.id, c.id), title: c.name, isLeaf: true })),
    }),
  );

/** Search hits grouped under their boxes, every box open, in the order the server answered. */
export const buildSearchTree = (hits: readonly ContentHit[]) => {
  const groups = new Map<number, HierTreeNode>();
  for (const h of hits) {
    let g = groups.get(h.hierId);
    if (!g) {
      g = { key: boxKey(h.hierId), title: h.hierName, isLeaf: false, children: [] };
      groups.set(h.hierId, g);
    }
    g.children!.push({ key: contentKey(h.hierId, h.id), title: h.name, isLeaf: true });
  }
  const tree = [...groups.values()];
  return { tree, expandedKeys: tree.map((n) => n.key) };
};
