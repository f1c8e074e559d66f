/**
 * Builders for the route table. A route is data: the browser's router, menu, breadcrumb and
 * keep-alive, and the server's resource seed and permission checks all read the same records.
 *
 * Permission codes: a menu page owns the resource code `<group>:<path without slash>`; a detail
 * page opens with the code of the page it belongs to (`of`), plus ZBHT-SPZX when an approver
 * opens it from the approval center; an `open` route has no code and any signed-in user opens it.
 */
import { APPROVAL_GROUP, type GroupCode } from '../groups';

export interface ButtonDef {
  /** Short key, unique within the page: add, edit, delete, export, audit… */
  key: string;
  name: string;
}

export interface RouteDef {
  path: string;
  /** Chinese title: the menu name, page title and breadcrumb text. */
  title: string;
  group: GroupCode;
  /** Chinese category label the hover panel groups children by. */
  category: string;
  /** One-line Chinese tip shown under the category in the hover panel. */
  tip: string;
  /** The resource code this route owns (menu pages only). */
  code: string | null;
  /** Codes of which one opens the route; empty means any signed-in user. */
  codes: readonly string[];
  hidden: boolean;
  keepAlive: boolean;
  /** The page a detail route belongs to, for the breadcrumb and its codes. */
  parent: string | null;
  buttons: readonly ButtonDef[];
}

interface PageOpts {
  category: string;
  tip: string;
  hidden?: boolean;
  keepAlive?: boolean;
  /** No role code: open to any signed-in user. */
  open?: boolean;
  buttons?: readonly ButtonDef[];
}

interface DetailOpts {
  /** The page this detail belongs to. */
  of: string;
  /** An approver opens it from the approval center, so ZBHT-SPZX opens it too. */
  approver?: boolean;
  /** Shown in the menu (SPEC lists a few detail-like pages without "hidden"). */
  visible?: boolean;
  open?: boolean;
  keepAlive?: boolean;
  tip?: string;
}

export const resourceCode = (group: GroupCode, path: string): string => `${group}:${path.replace(/^\//, '')}`;

export const buttonCode = (pageCode: string, key: string): string => `${pageCode}:${key}`;

export const BUTTONS = {
  add: { key: 'add', name: '新增' },
  edit: { key: 'edit', name: '编辑' },
  delete: { key: 'delete', name: '删除' },
  export: { key: 'export', name: '导出' },
  audit: { key: 'audit', name: '审核' },
  enable: { key: 'enable', name: '启用/停用' },
  import: { key: 'import', name: '导入' },
  ship: { key: 'ship', name: '发货' },
  receive: { key: 'receive', name: '收货' },
} as const satisfies Record<string, ButtonDef>;

/** Standard buttons of an ordinary list page. */
export const CRUD_BUTTONS: readonly ButtonDef[] = [BUTTONS.add, BUTTONS.edit, BUTTONS.delete, BUTTONS.export];

type Entry =
  | { kind: 'page'; path: string; title: string; opts: PageOpts }
  | { kind: 'detail'; path: string; title: string; opts: DetailOpts };

export const page = (path: string, title: string, opts: PageOpts): Entry => ({ kind: 'page', path, title, opts });
export const detail = (path: string, title: string, opts: DetailOpts): Entry => ({ kind: 'detail', path, title, opts });

/** Resolves a group's entries into route records; details must come after the page they belong to. */
export const group = (code: GroupCode, entries: readonly Entry[]): RouteDef[] => {
  const out: RouteDef[] = [];
  for (const e of entries) {
    if (e.kind === 'page') {
      const own = e.opts.open ? null : resourceCode(code, e.path);
      out.push({
        path: e.path,
        title: e.title,
        group: code,
        category: e.opts.category,
        tip: e.opts.tip,
        code: own,
        codes: own ? [own] : [],
        hidden: e.opts.hidden ?? false,
        keepAlive: e.opts.keepAlive ?? false,
        parent: null,
        buttons: e.opts.buttons ?? [],
      });
      continue;
    }
    const parent = out.find((r) => r.path === e.opts.of);
    if (!parent) throw new Error(`route ${e.path}: parent ${e.opts.of} must be declared before it in ${code}`);
    // A detail of an approver detail already carries ZBHT-SPZX; list it once.
    const codes = e.opts.open ? [] : [...new Set([...parent.codes, ...(e.opts.approver ? [APPROVAL_GROUP] : [])])];
    out.push({
      path: e.path,
      title: e.title,
      group: code,
      category: parent.category,
      tip: e.opts.tip ?? parent.tip,
      code: null,
      codes,
      hidden: !e.opts.visible,
      keepAlive: e.opts.keepAlive ?? false,
      parent: parent.path,
      buttons: [],
    });
  }
  return out;
};
