/**
 * Each registered resource against its table, read from the migrated database's catalog: every
 * declared field that is an own column of the binding's table exists with a type that holds the
 * field's values, and every enum the contract declares equals the values the column's CHECK
 * constraint allows (pg_constraint). The contract and the migrations are written apart; this is
 * where they must agree. Also: each declaration's cache relations (`stale`) name registered
 * resources.
 *
 * When this test was written the enums of nine columns had no CHECK at all (master_item.category,
 * product.unit, the area code of staff, member and member_receive, system_event.level and .kind,
 * and mini_program_item.goods_kind, whose reference check let any other value through with no
 * goods id); migration 0025 adds them from the contract's lists (db/checks.ts).
 */
import type { FieldType } from '@zb/contract/resource/define';
import { LOOKUPS } from '@zb/contract/resource/stale';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { ResourceBinding } from './binding';
import { registeredBindings } from './register';

/** The catalog types (pg_type.typname) that hold each field type's values. */
const TYPES: Record<FieldType, readonly string[]> = {
  text: ['text', 'varchar', 'bpchar'],
  textarea: ['text', 'varchar'],
  int: ['int2', 'int4', 'int8'],
  money: ['int4', 'int8'],
  percent: ['int2', 'int4'],
  bool: ['bool'],
  enum: ['text', 'varchar'],
  lookup: ['int4', 'int8'],
  date: ['date'],
  datetime: ['timestamptz'],
  lookups: ['_int4', '_int8'],
  images: ['_text'],
  json: ['jsonb', 'json'],
};

let t: TestApp;
let bindings: readonly ResourceBinding[];
/** table → column → type name. */
const columnTypes = new Map<string, Map<string, string>>();
/** table → the definitions of its CHECK constraints. */
const checks = new Map<string, string[]>();
/** table.column → the expression of a generated column. */
const generatedExprs = new Map<string, string>();

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];

beforeAll(async () => {
  t = await createTestApp();
  bindings = registeredBindings();
  const cols = rowsOf<{ table: string; column: string; type: string }>(
    await t.db.execute(sql`
      select c.relname as "table", a.attname as "column", ty.typname as "type"
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_type ty on ty.oid = a.atttypid
      where c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`),
  );
  for (const c of cols) {
    if (!columnTypes.has(c.table)) columnTypes.set(c.table, new Map());
    columnTypes.get(c.table)!.set(c.column, c.type);
  }
  const defs = rowsOf<{ table: string; def: string }>(
    await t.db.execute(sql`
      select c.relname as "table", pg_get_constraintdef(k.oid) as "def"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where k.contype = 'c'`),
  );
  for (const d of defs) checks.set(d.table, [...(checks.get(d.table) ?? []), d.def]);
  const generated = rowsOf<{ table: string; column: string; expr: string }>(
    await t.db.execute(sql`
      select c.relname as "table", a.attname as "column", pg_get_expr(d.adbin, d.adrelid) as "expr"
      from pg_attrdef d
      join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      join pg_class c on c.oid = d.adrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where a.attgenerated = 's'`),
  );
  for (const g of generated) generatedExprs.set(`${g.table}.${g.column}`, g.expr);
});
afterAll(() => t.close());

/** The fields of a binding that are own columns of its table, with the column's name in the database. */
const ownColumns = (b: ResourceBinding) => {
  const own = getTableColumns(b.table) as Record<string, AnyPgColumn>;
  return Object.entries(b.decl.fields)
    .filter(([key]) => !b.columns?.[key] && own[key])
    .map(([key, f]) => ({ key, f, column: own[key]!.name }));
};

/**
 * The values the table allows a column: those its CHECK constraint lists
 * (`CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`, PostgreSQL's form of `in (…)`), or,
 * for a generated column, the literals its expression answers (`CASE … THEN 'a' … ELSE 'b' END`).
 */
const allowedValues = (table: string, column: string): string[] | null => {
  const generated = generatedExprs.get(`${table}.${column}`);
  if (generated) return [...generated.matchAll(/(?:THEN|ELSE) '([^']*)'/g)].map((m) => m[1]!);
  const any = new RegExp(`(?:^|[\\s(])"?${column}"?\\)?(?:::text)? = ANY \\(+ARRAY\\[([^\\]]*)\\]`);
  // `in ('a')` of one value reads back as the whole constraint `CHECK ((kind = 'a'::text))`.
  const one = new RegExp(`^CHECK \\(+"?${column}"? = ('[^']*')(?:::text)?\\)+$`);
  for (const def of checks.get(table) ?? []) {
    const list = any.exec(def)?.[1] ?? one.exec(def)?.[1];
    if (list) return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  }
  return null;
};

/**
 * Enums whose column takes what the outside world sends, so no CHECK holds it: the API log keeps
 * the method of every request, whatever it was (a CHECK would drop the log of a PATCH probe).
 */
const OPEN_ENUMS = new Set(['apiLog.method']);

describe('each resource’s table', () => {
  it('has every declared own column, with a type that holds the field', () => {
    expect(bindings.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const b of bindings) {
      const table = getTableName(b.table);
      const types = columnTypes.get(table);
      if (!types) {
        wrong.push(`${b.decl.name}: table ${table} is missing`);
        continue;
      }
      for (const { key, f, column } of ownColumns(b)) {
        const type = types.get(column);
        if (!type) wrong.push(`${b.decl.name}.${key}: column ${table}.${column} is missing`);
        else if (!TYPES[f.type].includes(type)) wrong.push(`${b.decl.name}.${key}: ${f.type} in a ${type} column`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('allows exactly the values of each declared enum in its CHECK constraint', () => {
    const drift: string[] = [];
    for (const b of bindings) {
      const table = getTableName(b.table);
      for (const { key, f, column } of ownColumns(b)) {
        if (f.type !== 'enum') continue;
        if (OPEN_ENUMS.has(`${b.decl.name}.${key}`)) continue;
        const declared = (f.options ?? []).map((o) => o.value).sort();
        const allowed = allowedValues(table, column)?.sort() ?? null;
        // A binding whose `where` keeps part of the table (one family of orders) declares part of the values.
        const agrees = b.where
          ? declared.every((v) => allowed?.includes(v))
          : declared.join('\u0000') === allowed?.join('\u0000');
        if (!allowed) drift.push(`${b.decl.name}.${key}: ${table}.${column} has no CHECK listing its values`);
        else if (!agrees) {
          drift.push(`${b.decl.name}.${key}: contract [${declared}] ≠ ${table}.${column} CHECK [${allowed}]`);
        }
      }
    }
    expect(drift).toEqual([]);
  });

  it('names registered resources in each declaration’s cache relations', () => {
    const names = new Set(bindings.map((b) => b.decl.name));
    const wrong = bindings.flatMap((b) =>
      (b.decl.stale ?? [])
        .filter((name) => name === b.decl.name || (name !== LOOKUPS && !names.has(name)))
        .map((name) => `${b.decl.name}: stale ${name}`),
    );
    expect(wrong).toEqual([]);
  });
});
