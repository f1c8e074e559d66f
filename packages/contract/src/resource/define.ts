/**
 * The resource engine's declarations (DESIGN.md "The resource engine"). One declaration per
 * entity — its fields with Chinese labels, types, lookups and validation; which fields the list
 * shows, filters and sorts by; the detail's sections; the page whose permission codes guard it;
 * whether it is exported — serves the server's API (platform/resource) and the browser's list
 * and detail pages (web platform/resource). Adding an ordinary entity is a declaration here plus
 * a table binding on the server: see docs/resource-engine.md.
 */
import type { output, ZodType } from 'zod';
import { MASTER_PARENT, type MasterCategory } from '../api/master';
import type { PathOverrides } from './api';

export type FieldType =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'textarea'
  | 'int'
  /** Integer 分; shown and typed in 元 with two decimals. */
  | 'money'
  /** A rate in basis points (0–10000); shown and typed as a percentage with two decimals. */
  | 'percent'
  | 'bool'
  /** One of `options`. */
  | 'enum'
  /** The id of a master_item of `lookup` (SPEC §7.3). */
  | 'lookup'
  /** YYYY-MM-DD. */
  | 'date'
  /** An ISO instant; shown as YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  | 'datetime'
  /** Several ids of master_items of `lookup` (an int[] column); `max` is the most ids. */
  | 'lookups'
  /** A list of uploaded image URLs (a text[] column); `max` is the most images. */
  | 'images'
  /** A JSON value, shown as formatted text (logs' before/after); `schema` checks a written one. */
  | 'json';

export interface EnumOption {
  value: string;
  label: string;
  /** antd Tag colour in lists. */
  color?: string;
}

/** How a field filters the list: `like` contains (text), `eq` equals, `range` from–to, `in` any of. */
export type FilterKind = 'like' | 'eq' | 'range' | 'in';

export interface FieldDef {
  label: string;
  type: FieldType;
  /** Required on create and update. */
  required?: boolean;
  /** Text: most characters. Int/money: largest value (money in 分). */
  max?: number;
  /** Text: fewest characters when given. Int/money: smallest value (default 0 for money). */
  min?: number;
  /** Text: a pattern the value must match, with its Chinese message. */
  pattern?: { regex: RegExp; message: string };
  options?: readonly EnumOption[];
  /** A bool's words, e.g. 启用/停用 (default 是/否), and the tag colour of true. */
  boolLabels?: { yes: string; no: string; color?: string };
  lookup?: MasterCategory;
  /**
   * A sub-type lookup's parent field (e.g. a staff level under the position field): the item
   * chosen must hang under the item chosen there. Its lookup is MASTER_PARENT of this one's.
   */
  lookupParent?: string;
  /** Never written through the engine (ids, times, values a service computes). */
  readOnly?: boolean;
  /** Written on create only (a login name, a code). */
  createOnly?: boolean;
  /**
   * Written, never read back (an initial password, a payment key): not a column the list or
   * detail shows. With `createOnly` it is given on create only; without, an update that leaves it
   * blank keeps the stored value and one that gives it replaces it.
   */
  writeOnly?: boolean;
  /** Default of the create form. */
  default?: string | number | boolean;
  /** A list column; `width` in px. */
  list?: boolean | { width?: number; fixed?: 'left' | 'right' };
  filter?: FilterKind;
  sort?: boolean;
  /** In the export; defaults to `list`. */
  export?: boolean;
  /** The detail section it shows in; the first section when not given. */
  section?: string;
  /** Not in the detail view or form (a list-only computed column). */
  hidden?: boolean;
  /**
   * In the form only, not in the detail view: a value (child rows as JSON) that a read-only
   * companion field shows to a person.
   */
  formOnly?: boolean;
  /** The zod schema of a written value, for a `json` field (child rows). */
  schema?: ZodType;
  placeholder?: string;
  /** One line of help under the input. */
  help?: string;
}

export interface BatchActionDef {
  key: string;
  label: string;
  /** The button of the page whose code the action needs (edit, delete, enable…). */
  button: string;
  /** Confirmation text; the action asks before running when given. */
  confirm?: string;
  danger?: boolean;
}

/**
 * The 批量启用 / 批量停用 pair of a list whose rows have a 状态 (the server's batch handler sets it):
 * `confirm` says what 停用 means to the user; `button` is the page button both need.
 */
export const enableDisableBatch = (
  confirm: string,
  { button = 'edit', danger = true }: { button?: string; danger?: boolean } = {},
): readonly BatchActionDef[] => [
  { key: 'enable', label: '批量启用', button },
  { key: 'disable', label: '批量停用', button, danger, confirm },
];

export interface ResourceDecl<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Unique, e.g. 'account'; the operation log's target prefix and the export source name. */
  name: string;
  /** Chinese noun: '账号'. */
  title: string;
  /** The list page (route table path): its codes guard reads, its buttons guard writes. */
  page: string;
  /** The detail page, when the entity has one; else view and edit happen in a drawer. */
  detailPage?: string;
  /** API base path: `${api}/list`, `/detail/:id`, `/save`, `/delete`, `/batch`, `/export`. */
  api: string;
  /**
   * Calls SPEC places elsewhere (e.g. /rest/acct/modify): declared here, so the server registers
   * them and the browser calls them at the same path.
   */
  paths?: PathOverrides;
  fields: F;
  /** Ordered detail sections; fields without `section` go in the first. */
  sections?: readonly string[];
  /** The field naming a row in confirmations and titles. */
  rowLabel: string;
  /** The list's order when the user picks none; `thenBy` (ascending) orders rows the field ties. */
  defaultSort: { field: string; dir: 'asc' | 'desc'; thenBy?: string };
  /** What the API allows; each write needs its page button (add, edit, delete). */
  actions: {
    create?: boolean;
    update?: boolean;
    /** hard: the row goes; soft: it is marked deleted and leaves every list. */
    delete?: false | 'hard' | 'soft';
    export?: boolean;
  };
  batch?: readonly BatchActionDef[];
  /**
   * Where the write buttons are, when not the page's own 新增/编辑/删除/导出: `page` holds them (an
   * open page has no buttons, its settings change on another page), and a call may need another
   * of its buttons (a page with only 编辑 adds and deletes with it). Batch actions' buttons are
   * looked up on that page too.
   */
  buttons?: { page?: string } & Partial<Record<WriteButton, string>>;
  /**
   * Cache relations, as data the browser's query cache reads: what a write of this entity makes
   * stale besides its own lists, details and calls — other resources by name (their lists,
   * details and calls) and LOOKUPS (every lookup select). See stale.ts.
   */
  stale?: readonly string[];
}

export { LOOKUPS } from './stale';

/** The buttons the engine's writes need by default. */
export type WriteButton = 'add' | 'edit' | 'delete' | 'export';

/** The value of a field of type T as the API answers it (a datetime as its ISO string). */
type TypeValue<T extends FieldType> = T extends 'text' | 'textarea' | 'date' | 'datetime'
  ? string
  : T extends 'int' | 'money' | 'percent' | 'lookup'
    ? number
    : T extends 'bool'
      ? boolean
      : T extends 'lookups'
        ? number[]
        : T extends 'images'
          ? string[]
          : T extends 'enum'
            ? string
            : unknown;

/** A field's value: an enum's declared values, a json field's by its schema, else the value of its type. */
export type FieldValue<F extends FieldDef> = F['type'] extends 'enum'
  ? F['options'] extends readonly { value: infer V }[]
    ? V
    : string
  : F extends { type: 'json'; schema: infer S extends ZodType }
    ? output<S>
    : TypeValue<F['type']>;

/** A field's value in a row: null allowed unless the field is required. */
type RowValue<F extends FieldDef> = F extends { required: true } ? FieldValue<F> : FieldValue<F> | null;

type FieldsOf<D> = D extends ResourceDecl<infer F> ? F : never;

/** A field a write may give (not read-only). */
type WritableKey<F, K extends keyof F> = F[K] extends { readOnly: true } ? never : K;

/** A field that is not write-only, so a row carries it. */
type ReadableKey<F, K extends keyof F> = F[K] extends { writeOnly: true } ? never : K;

/**
 * The row a declaration's list and detail answer: its id, every field but the write-only ones
 * (with the name beside each lookup, `<key>Name`, as extra keys of unknown type).
 */
export type RowOf<D> = { id: number } & {
  -readonly [K in keyof FieldsOf<D> as ReadableKey<FieldsOf<D>, K>]: RowValue<FieldsOf<D>[K]>;
} & { [extra: string]: unknown };

/**
 * A field a write never empties (resource/schemas.ts): required, a yes/no, one with a declared
 * default (sent empty, each answers its field error), or a list (sent empty, it is []).
 */
type AlwaysHeld<F> = F extends { required: true } | { type: 'bool' | 'lookups' | 'images' } | { default: unknown }
  ? true
  : false;

/** A field's value in a write: null only where an empty value clears the field. */
type WriteValue<F extends FieldDef> = AlwaysHeld<F> extends true ? FieldValue<F> : FieldValue<F> | null;

/**
 * The values an update gives: any writable field, each already checked against its rule (null
 * clears an optional one; one that is always held is never null).
 */
export type ValuesOf<D> = {
  -readonly [K in keyof FieldsOf<D> as WritableKey<FieldsOf<D>, K>]?: WriteValue<FieldsOf<D>[K]>;
} & { [extra: string]: unknown };

/** A field a create must give: required and written (not read-only). */
type CreateKey<F, K extends keyof F> = F[K] extends { required: true }
  ? F[K] extends { readOnly: true }
    ? never
    : K
  : never;

/** The values a create gives: every required field (the create schema has checked them), and any other. */
export type CreateValuesOf<D> = {
  -readonly [K in keyof FieldsOf<D> as CreateKey<FieldsOf<D>, K>]: FieldValue<FieldsOf<D>[K]>;
} & ValuesOf<D>;

/**
 * Declares an entity; checks the declaration's internal references at load time. The fields'
 * literal types are kept, so RowOf and ValuesOf give the row and the values it implies.
 */
export const defineResource = <const F extends Record<string, FieldDef>>(
  decl: ResourceDecl<F> & { rowLabel: keyof F & string; defaultSort: { field: keyof F & string } },
): ResourceDecl<F> => {
  const keys = Object.keys(decl.fields);
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`resource ${decl.name}: ${what}`);
  };
  check(keys.includes(decl.rowLabel), `rowLabel ${decl.rowLabel} is not a field`);
  check(!!decl.fields[decl.defaultSort.field]?.sort, `defaultSort ${decl.defaultSort.field} is not sortable`);
  for (const [key, f] of Object.entries(decl.fields)) {
    check(f.type !== 'enum' || !!f.options?.length, `${key}: an enum needs options`);
    check(!['lookup', 'lookups'].includes(f.type) || !!f.lookup, `${key}: a lookup needs its category`);
    check(f.filter !== 'eq' || f.type !== 'images', `${key}: images do not filter`);
    if (f.lookupParent) {
      const parent = decl.fields[f.lookupParent];
      check(
        !!f.lookup && parent?.type === 'lookup' && parent.lookup === MASTER_PARENT[f.lookup],
        `${key}: lookupParent ${f.lookupParent} is not the lookup of its parent category`,
      );
    }
    check(!f.section || !!decl.sections?.includes(f.section), `${key}: section ${f.section} is not declared`);
    check(
      !f.writeOnly || (!f.list && !f.filter && !f.sort && (!!f.createOnly || !f.required)),
      `${key}: a write-only field is never listed, filtered or sorted, and is required only when create-only`,
    );
    check(f.filter !== 'like' || f.type === 'text' || f.type === 'textarea', `${key}: like filters text only`);
    check(
      f.filter !== 'range' || ['int', 'money', 'date', 'datetime'].includes(f.type),
      `${key}: range filters numbers and dates`,
    );
  }
  return decl;
};

export type AnyResource = ResourceDecl;

/** The page and button key a write (or a batch action's button) of the declaration needs. */
export const writeButtonOf = (decl: AnyResource, key: string): { page: string; key: string } => ({
  page: decl.buttons?.page ?? decl.page,
  key: decl.buttons?.[key as WriteButton] ?? key,
});

/** Fields in declaration order, with their keys. */
export const fieldsOf = (decl: AnyResource): [string, FieldDef][] => Object.entries(decl.fields);

/** Fields the create/update form writes. */
export const writableFields = (decl: AnyResource, mode: 'create' | 'update'): [string, FieldDef][] =>
  fieldsOf(decl).filter(([, f]) => !f.readOnly && !f.hidden && (mode === 'create' || !f.createOnly));

export const listFields = (decl: AnyResource): [string, FieldDef][] =>
  fieldsOf(decl).filter(([, f]) => !!f.list && !f.writeOnly);

/** Fields a row carries (everything but write-only ones). */
export const readableFields = (decl: AnyResource): [string, FieldDef][] =>
  fieldsOf(decl).filter(([, f]) => !f.writeOnly);

export const filterFields = (decl: AnyResource): [string, FieldDef][] => fieldsOf(decl).filter(([, f]) => !!f.filter);

export const exportFields = (decl: AnyResource): [string, FieldDef][] =>
  readableFields(decl).filter(([, f]) => f.export ?? !!f.list);

export const sortableFields = (decl: AnyResource): string[] =>
  fieldsOf(decl)
    .filter(([, f]) => f.sort)
    .map(([k]) => k);

/** The label of a value among enum options (the value itself when unknown). */
export const enumLabel = (options: readonly EnumOption[] | undefined, value: unknown): string =>
  options?.find((o) => o.value === String(value))?.label ?? String(value ?? '');

/** The label of an enum value (the value itself when unknown). */
export const optionLabel = (f: FieldDef, value: unknown): string => enumLabel(f.options, value);
