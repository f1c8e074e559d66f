/**
 * The zod schemas a declaration implies: the create and update forms (the same schema checks
 * the browser's form and the server's body), the list query (paging, sort, filters) and the
 * export query. Messages are Chinese and name the field.
 */
import { z } from 'zod';
import { chosenIdOf, INT4_MAX, INT4_MIN, idOf, idParamOf, intParamOf } from '../api/ids';
import { pagingQuery } from '../api/paging';
import { calendarDay } from '../rules';
import { type AnyResource, type FieldDef, filterFields, sortableFields, writableFields } from './define';

const FILTER_TEXT_MAX = 50;
export const BATCH_MAX = 500;

/** '' and null from a form or a query string mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const enumValues = (f: FieldDef) => (f.options ?? []).map((o) => o.value) as [string, ...string[]];

const textSchema = (f: FieldDef) => {
  let s = z.string({ error: `请输入${f.label}` }).trim();
  if (f.required) s = s.min(1, `请输入${f.label}`);
  if (f.min !== undefined) s = s.min(f.min, `${f.label}至少 ${f.min} 个字符`);
  if (f.max !== undefined) s = s.max(f.max, `${f.label}最多 ${f.max} 个字符`);
  if (f.pattern) s = s.regex(f.pattern.regex, f.pattern.message);
  return s;
};

/** How a bound reads in a message: money in 元, a percentage with its sign. */
const bound = (f: FieldDef, n: number): string => {
  if (f.type === 'money') return (n / 100).toFixed(2);
  if (f.type === 'percent') return `${(n / 100).toFixed(2)}%`;
  return String(n);
};

const numberSchema = (f: FieldDef) => {
  let s = z.number({ error: `请输入${f.label}` }).int(`${f.label}须为整数`);
  // Undeclared bounds are the int4 column's: past them the database would refuse the row.
  const min = f.min ?? (f.type === 'money' || f.type === 'percent' ? 0 : INT4_MIN);
  const max = f.max ?? (f.type === 'percent' ? 10_000 : INT4_MAX);
  s = s.min(min, `${f.label}不能小于 ${bound(f, min)}`);
  s = s.max(max, `${f.label}不能大于 ${bound(f, max)}`);
  return s;
};

/** Fields whose value is a list: empty means none, never null. */
export const isListField = (f: FieldDef): boolean => f.type === 'lookups' || f.type === 'images';

const listSchema = (f: FieldDef, item: z.ZodType, most: number, unit: string) => {
  let s = z.array(item, { error: `${f.label}格式无效` }).max(f.max ?? most, `${f.label}最多 ${f.max ?? most} ${unit}`);
  if (f.required) s = s.min(1, `请选择${f.label}`);
  return s;
};

/** The schema of one field's value in a form, before its presence rules. */
const valueSchema = (f: FieldDef): z.ZodType => {
  if (f.schema) return f.schema;
  switch (f.type) {
    case 'text':
    case 'textarea':
      return textSchema(f);
    case 'int':
    case 'money':
    case 'percent':
      return numberSchema(f);
    case 'bool':
      return z.boolean({ error: `请选择${f.label}` });
    case 'enum':
      return z.enum(enumValues(f), { error: `请选择${f.label}` });
    case 'lookup':
      return chosenIdOf(`请选择${f.label}`);
    case 'lookups':
      return listSchema(f, chosenIdOf(`请选择${f.label}`), 20, '项');
    case 'images':
      return listSchema(f, z.string().trim().min(1, '图片地址无效').max(500, '图片地址过长'), 9, '张');
    case 'date':
      return calendarDay(f.label);
    case 'datetime':
      return z.iso.datetime({ error: `${f.label}格式无效`, offset: true });
    case 'json':
      return z.unknown();
  }
};

/**
 * A field on create: a required one must be given; an optional one left empty takes its
 * declared default, else the column's.
 */
export const fieldSchema = (f: FieldDef): z.ZodType => {
  const base = valueSchema(f);
  if (isListField(f) && !f.required) return z.preprocess((v) => (v === '' || v === null ? [] : v), base).optional();
  if (f.required) return z.preprocess((v) => (v === null ? undefined : v), base);
  const optional = f.default === undefined ? base.optional() : base.default(f.default as never);
  return z.preprocess(blankToUndefined, optional);
};

/**
 * A field on update: left out keeps the value; an optional one sent empty clears it (null). A
 * write-only one sent empty also keeps it: the form never holds its value to send back. A field
 * that always holds a value — required, a yes/no, or one with a declared default — cannot be
 * emptied: sent empty, it answers its field error, as a required one does.
 */
const updateFieldSchema = (f: FieldDef): z.ZodType => {
  const base = valueSchema(f);
  if (f.writeOnly) return z.preprocess(blankToUndefined, base.optional());
  if (isListField(f)) return z.preprocess((v) => (v === '' || v === null ? [] : v), base).optional();
  if (f.required || f.type === 'bool' || f.default !== undefined) {
    return z.preprocess((v) => (v === null ? '' : v), base).optional();
  }
  return z.preprocess((v) => (v === '' ? null : v), base.nullable().optional());
};

/** The create form: every writable field. */
export const createSchema = (decl: AnyResource) =>
  z.object(Object.fromEntries(writableFields(decl, 'create').map(([k, f]) => [k, fieldSchema(f)])));

export const idSchema = idOf('');

/**
 * The update form: the row's id and any writable field (a field given is checked with its full
 * rule, so a required field cannot be emptied; one left out keeps its value).
 */
export const updateSchema = (decl: AnyResource) =>
  z.object({
    id: idSchema,
    ...Object.fromEntries(writableFields(decl, 'update').map(([k, f]) => [k, updateFieldSchema(f)])),
  });

export const idParams = z.object({ id: idParamOf('') });

export const idsBody = z.object({
  ids: z
    .array(idSchema, { error: '请选择记录' })
    .min(1, '请至少选择一条记录')
    .max(BATCH_MAX, `一次最多处理 ${BATCH_MAX} 条`),
});

export const batchBody = (decl: AnyResource) => {
  const keys = (decl.batch ?? []).map((b) => b.key) as [string, ...string[]];
  return idsBody.extend({ action: z.enum(keys, { error: '未知的批量操作' }) });
};

const queryNumber = (label: string) => z.preprocess(blankToUndefined, intParamOf(label).optional());

const queryDate = (label: string) => z.preprocess(blankToUndefined, calendarDay(label).optional());

/** Query-string keys of a range filter. */
export const rangeKeys = (key: string) => ({ from: `${key}From`, to: `${key}To` }) as const;

export const filterEntries = (key: string, f: FieldDef): [string, z.ZodType][] => {
  const numeric = f.type === 'int' || f.type === 'money' || f.type === 'lookup' || f.type === 'lookups';
  switch (f.filter) {
    case 'like':
      return [
        [
          key,
          z.preprocess(
            blankToUndefined,
            z.string().trim().max(FILTER_TEXT_MAX, `${f.label}最多 ${FILTER_TEXT_MAX} 个字符`).optional(),
          ),
        ],
      ];
    case 'eq': {
      if (numeric) return [[key, queryNumber(f.label)]];
      if (f.type === 'bool') {
        return [
          [
            key,
            // A boolean already read passes again unchanged (an export job re-reads its query).
            z.preprocess(
              (v) => (typeof v === 'boolean' ? String(v) : blankToUndefined(v)),
              z
                .enum(['true', 'false'], { error: `${f.label}只能是 true 或 false` })
                .transform((v) => v === 'true')
                .optional(),
            ),
          ],
        ];
      }
      if (f.type === 'enum') {
        return [[key, z.preprocess(blankToUndefined, z.enum(enumValues(f), { error: `${f.label}无效` }).optional())]];
      }
      if (f.type === 'date') return [[key, queryDate(f.label)]];
      return [[key, z.preprocess(blankToUndefined, z.string().trim().max(100, `${f.label}过长`).optional())]];
    }
    case 'in':
      return [
        [
          key,
          z.preprocess(
            (v) => (typeof v === 'string' && v !== '' ? v.split(',') : blankToUndefined(v)),
            z.array(z.enum(enumValues(f), { error: `${f.label}无效` })).optional(),
          ),
        ],
      ];
    case 'range': {
      const { from, to } = rangeKeys(key);
      const one = f.type === 'date' || f.type === 'datetime' ? queryDate : queryNumber;
      return [
        [from, one(`${f.label}起`)],
        [to, one(`${f.label}止`)],
      ];
    }
    default:
      return [];
  }
};

/** Filters only: what the list and the export share. */
export const filterSchema = (decl: AnyResource) =>
  z.object(Object.fromEntries(filterFields(decl).flatMap(([k, f]) => filterEntries(k, f))));

export const sortQuery = (decl: AnyResource) => {
  const sortable = sortableFields(decl) as [string, ...string[]];
  return z.object({
    sortBy: z.preprocess(blankToUndefined, z.enum(sortable, { error: '不能按该列排序' }).optional()),
    sortDir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: '排序方向无效' }).optional()),
  });
};

/** The list query: paging, sort and filters. */
export const listQuery = (decl: AnyResource) =>
  pagingQuery.extend(sortQuery(decl).shape).extend(filterSchema(decl).shape);

/** The export query: the list's filters and sort, no paging. */
export const exportQuery = (decl: AnyResource) => filterSchema(decl).extend(sortQuery(decl).shape);

export type ListQuery = z.infer<ReturnType<typeof listQuery>>;
export type FilterValues = Record<string, unknown>;

/** The values of a create form (defaults filled in). */
export const createDefaults = (decl: AnyResource): Record<string, unknown> =>
  Object.fromEntries(
    writableFields(decl, 'create')
      .filter(([, f]) => f.default !== undefined)
      .map(([k, f]) => [k, f.default]),
  );
