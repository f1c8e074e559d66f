/**
 * The operation log in Chinese: what a row's action, target and before/after keys are called,
 * from the declarations (each registered resource's title, field labels and enum labels; the
 * contract's operationLog.ts for the hand-written services' entities, actions and verbs), and the
 * SQL that shows a row in those words, so /operationLog filters, sorts and exports the Chinese.
 * Built when first queried: by then every module has registered its resources.
 */
import {
  COMMON_FIELDS,
  type LoggedNames,
  OPERATION_ACTIONS,
  OPERATION_ENTITIES,
  OPERATION_VERBS,
  STEP_VERBS,
} from '@zb/contract/operationLog';
import type { AnyResource } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { registeredBindings } from '../../platform/resource/register';
import { operationLog } from '../../platform/schema';

export interface OperationNames {
  /** Target prefix → its Chinese name. */
  entities: Map<string, string>;
  /** Whole actions (hand-written, and every prefix's declared steps) → Chinese. */
  actions: Map<string, string>;
  /** The verb after the dot → Chinese. */
  verbs: Map<string, string>;
  /** Entity → field key → Chinese (unique within the entity). */
  fields: Map<string, Map<string, string>>;
  /** Entity → field key → value → Chinese. */
  values: Map<string, Map<string, Map<string, string>>>;
  /** Entity → key → the names of the objects under it (any depth; see LoggedNames). */
  nested: Map<string, Record<string, LoggedNames>>;
}

/** A declaration's field labels, and its range filters' bounds (an export's filters hold them). */
const declaredFields = (decl: AnyResource): [string, string][] =>
  Object.entries(decl.fields).flatMap(([key, f]): [string, string][] => {
    if (f.filter !== 'range') return [[key, f.label]];
    const { from, to } = rangeKeys(key);
    return [
      [key, f.label],
      [from, `${f.label}起`],
      [to, `${f.label}止`],
    ];
  });

const declaredValues = (decl: AnyResource): [string, Map<string, string>][] =>
  Object.entries(decl.fields).flatMap(([key, f]) =>
    f.options?.length ? [[key, new Map(f.options.map((o) => [String(o.value), o.label]))] as const] : [],
  ) as [string, Map<string, string>][];

/** A second field with a label already taken: 门店 and its 门店名称 (xxxName) or 门店编号 (xxxId). */
const secondLabel = (key: string, label: string): string =>
  key.endsWith('Name') ? `${label}名称` : key.endsWith('Id') ? `${label}编号` : `${label}（${key}）`;

/** Labels stay unique within an entity (one object cannot hold a key twice). */
const uniqueLabels = (pairs: readonly [string, string][]): Map<string, string> => {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const [key, label] of pairs) {
    if (out.has(key)) continue;
    const name = taken.has(label) ? secondLabel(key, label) : label;
    taken.add(name);
    out.set(key, name);
  }
  return out;
};

/** The vocabulary of the resources given (default: every registered one) and the contract's. */
export const operationNames = (decls: readonly AnyResource[] = registeredBindings().map((b) => b.decl)) => {
  const byName = new Map(decls.map((d) => [d.name, d]));
  const entities = new Map<string, string>(decls.map((d) => [d.name, d.title]));
  const fields = new Map<string, Map<string, string>>();
  const values = new Map<string, Map<string, Map<string, string>>>();
  const nested = new Map<string, Record<string, LoggedNames>>();
  for (const d of decls) {
    fields.set(d.name, uniqueLabels(declaredFields(d)));
    values.set(d.name, new Map(declaredValues(d)));
  }
  for (const [prefix, e] of Object.entries(OPERATION_ENTITIES)) {
    entities.set(prefix, e.name);
    const base = e.fieldsOf ? byName.get(e.fieldsOf) : undefined;
    fields.set(prefix, uniqueLabels([...Object.entries(e.fields ?? {}), ...(base ? declaredFields(base) : [])]));
    const vals = new Map(base ? declaredValues(base) : []);
    for (const [key, map] of Object.entries(e.values ?? {})) {
      vals.set(key, new Map([...(vals.get(key) ?? []), ...Object.entries(map)]));
    }
    values.set(prefix, vals);
    if (e.nested) nested.set(prefix, e.nested);
  }
  const actions = new Map<string, string>(Object.entries(OPERATION_ACTIONS));
  for (const [prefix, steps] of Object.entries(STEP_VERBS)) {
    for (const [verb, label] of Object.entries(steps)) actions.set(`${prefix}.${verb}`, label);
  }
  return {
    entities,
    actions,
    verbs: new Map(Object.entries(OPERATION_VERBS)),
    fields,
    values,
    nested,
  } satisfies OperationNames;
};

/** A row's action in Chinese, or null when nothing names it. */
export const actionName = (names: OperationNames, action: string): string | null => {
  const whole = names.actions.get(action);
  if (whole) return whole;
  const dot = action.indexOf('.');
  return dot > 0 ? (names.verbs.get(action.slice(dot + 1)) ?? null) : null;
};

// ---- SQL ---------------------------------------------------------------------------------------

/** A constant jsonb map in the statement: looked up by key, parsed once per statement. */
const jsonMap = (value: unknown): string => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;
const objectOf = <V, R = V>(m: Map<string, V>, f?: (v: V) => R): Record<string, V | R> =>
  f ? Object.fromEntries([...m].map(([k, v]) => [k, f(v)])) : Object.fromEntries(m);

const ACTION = '"operation_log"."action"';
const TARGET = '"operation_log"."target"';
const ENTITY = `split_part(${TARGET}, ':', 1)`;

/** The names of one object, as operation_log_named reads them: f keys, v values, n nested, from. */
interface NamesNode {
  f?: Record<string, string>;
  v?: Record<string, Record<string, string>>;
  n?: Record<string, NamesNode>;
  from?: string;
}

const nodeOf = (n: LoggedNames): NamesNode => ({
  ...(n.fields ? { f: objectOf(uniqueLabels(Object.entries(n.fields))) } : {}),
  ...(n.values ? { v: n.values } : {}),
  ...(n.nested ? { n: Object.fromEntries(Object.entries(n.nested).map(([k, x]) => [k, nodeOf(x)])) } : {}),
  ...(n.fieldsOfKey ? { from: n.fieldsOfKey } : {}),
});

/** Entity → the names of its before/after objects. */
const vocabularyOf = (names: OperationNames): Record<string, NamesNode> =>
  Object.fromEntries(
    [...names.fields.keys()].map((entity) => [
      entity,
      {
        f: objectOf(names.fields.get(entity)!),
        v: objectOf(names.values.get(entity) ?? new Map(), (v) => objectOf(v)),
        n: Object.fromEntries(Object.entries(names.nested.get(entity) ?? {}).map(([k, x]) => [k, nodeOf(x)])),
      },
    ]),
  );

/** The SQL of /operationLog's Chinese columns. */
const build = (names: OperationNames) => {
  const entity = `(${jsonMap(objectOf(names.entities))} ->> ${ENTITY})`;
  const verb = `case when strpos(${ACTION}, '.') > 0 then ${jsonMap(objectOf(names.verbs))} ->> split_part(${ACTION}, '.', 2) end`;
  const action = `coalesce(${jsonMap(objectOf(names.actions))} ->> ${ACTION}, ${verb}, ${ACTION})`;
  const id = `case when strpos(${TARGET}, ':') > 0 then ' ' || substr(${TARGET}, strpos(${TARGET}, ':') + 1) else '' end`;
  const target = `coalesce(${entity}, ${ENTITY}) || ${id}`;
  const common = jsonMap(COMMON_FIELDS);
  const vocabulary = jsonMap(vocabularyOf(names));
  // Every key at every depth is named (migration 0027's operation_log_shown walks the value).
  const named = (col: string) => `operation_log_shown(${col}, ${ENTITY}, ${vocabulary}, ${common})`;
  return {
    action: sql.raw(action),
    target: sql.raw(target),
    before: sql.raw(named('"operation_log"."before"')),
    after: sql.raw(named('"operation_log"."after"')),
  };
};

let built: ReturnType<typeof build> | null = null;

/** A column of /operationLog in Chinese; its SQL is made on the first query (see the file's note). */
export const chineseColumn = (key: 'action' | 'target' | 'before' | 'after', as?: AnyPgColumn): SQL => {
  const lazy: SQLWrapper = {
    getSQL: () => {
      built ??= build(operationNames());
      return built[key];
    },
  };
  const expr = sql`${lazy}`;
  return as ? expr.mapWith(as) : expr;
};

export const operationColumns = {
  action: chineseColumn('action'),
  target: chineseColumn('target'),
  before: chineseColumn('before', operationLog.before),
  after: chineseColumn('after', operationLog.after),
};
