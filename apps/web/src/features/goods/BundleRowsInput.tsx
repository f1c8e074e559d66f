/**
 * The contents of a package, a product package or an association: one line per project (with
 * its sessions) or product (with its quantity). Goods newly added must be on sale where the
 * bundle says so (the server refuses the rest); the ones the form opened with may stay. Packages
 * show the list prices summed (原价合计) against the price typed in the same form.
 */
import type { GoodsOption } from '@zb/contract/entities/goodsCommon';
import { Form, InputNumber, Typography } from 'antd';
import { useRef } from 'react';
import { RowsInput } from '../../platform/inputs/RowsInput';
import { formatFen } from '../../platform/money';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProductOptions, useProjectOptions } from './api';
import { GoodsSelect } from './GoodsSelect';

interface Row {
  id?: number;
  count?: number;
}

interface Config {
  /** The row's keys on the wire: projectId/sessions or productId/quantity. */
  idKey: 'projectId' | 'productId';
  countKey: 'sessions' | 'quantity';
  what: string;
  countLabel: string;
  countSuffix?: string;
  addLabel: string;
  emptyText: string;
  onSaleOnly: boolean;
  /** Show 原价合计 against the form's `price`. */
  summary: boolean;
  /** A field of the form whose goods may not be a row (the main product). */
  excludeField?: string;
}

type WireRow = Record<string, number | undefined>;

/** 原价合计: each row's list price × its count; rows without a known price count as 0. */
export const listTotalOf = (rows: readonly Row[], options: readonly GoodsOption[] | undefined): number => {
  const price = new Map((options ?? []).map((o) => [o.id, o.price]));
  return rows.reduce((sum, r) => sum + (r.id ? (price.get(r.id) ?? 0) * (r.count ?? 0) : 0), 0);
};

function BundleRows({
  value,
  onChange,
  disabled,
  options,
  loading,
  c,
}: CustomInputProps & { options: readonly GoodsOption[] | undefined; loading: boolean; c: Config }) {
  const form = Form.useFormInstance();
  const price = Form.useWatch<number | null | undefined>('price', form);
  const excluded = Form.useWatch<number | null | undefined>(c.excludeField ?? '__none', form);
  const wire = (value as WireRow[] | null | undefined) ?? [];
  const rows: Row[] = wire.map((r) => ({ id: r[c.idKey], count: r[c.countKey] }));
  // The goods the form opened with: an edit may keep them even if they went off sale since.
  const kept = useRef<Set<number> | null>(null);
  if (kept.current === null && value !== undefined) kept.current = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  const toWire = (list: Row[]) => list.map((r) => ({ [c.idKey]: r.id, [c.countKey]: r.count }));
  const total = listTotalOf(rows, options);
  return (
    <div>
      <RowsInput<Row>
        value={rows}
        onChange={(list) => onChange?.(toWire(list))}
        disabled={disabled}
        blank={() => ({ count: 1 })}
        addLabel={c.addLabel}
        emptyText={c.emptyText}
        renderRow={(row, set) => (
          <>
            <GoodsSelect
              options={options}
              loading={loading}
              width={280}
              placeholder={`请选择${c.what}`}
              disabled={disabled}
              value={row.id}
              onChange={(id) => set({ id: id ?? undefined })}
              onSaleOnly={c.onSaleOnly}
              kept={kept.current ?? undefined}
              exclude={[
                ...rows.flatMap((r) => (r.id && r.id !== row.id ? [r.id] : [])),
                ...(typeof excluded === 'number' ? [excluded] : []),
              ]}
            />
            <InputNumber
              aria-label={c.countLabel}
              min={1}
              max={999}
              precision={0}
              suffix={c.countSuffix}
              disabled={disabled}
              value={row.count}
              onChange={(n) => set({ count: n ?? undefined })}
            />
          </>
        )}
      />
      {c.summary && rows.length > 0 && (
        <Typography.Text type="secondary" data-testid="bundle-summary">
          原价合计 {formatFen(total)}
          {typeof price === 'number' && `，套餐价 ${formatFen(price)}，优惠 ${formatFen(total - price)}`}
        </Typography.Text>
      )}
    </div>
  );
}

const PACKAGE_PROJECTS: Config = {
  idKey: 'projectId',
  countKey: 'sessions',
  what: '项目',
  countLabel: '次数',
  countSuffix: '次',
  addLabel: '添加项目',
  emptyText: '请至少添加一个项目',
  onSaleOnly: true,
  summary: true,
};

const PACKAGE_PRODUCTS: Config = {
  idKey: 'productId',
  countKey: 'quantity',
  what: '商品',
  countLabel: '数量',
  addLabel: '添加商品',
  emptyText: '请至少添加一个商品',
  onSaleOnly: true,
  summary: true,
};

const LINKED_PRODUCTS: Config = {
  idKey: 'productId',
  countKey: 'quantity',
  what: '商品',
  countLabel: '建议数量',
  addLabel: '添加关联商品',
  emptyText: '请至少添加一个关联商品',
  onSaleOnly: false,
  summary: false,
  excludeField: 'mainProductId',
};

/** 包含项目 of a package. */
export function PackageProjectsInput(props: CustomInputProps) {
  const q = useProjectOptions();
  return <BundleRows {...props} options={q.data} loading={q.isPending} c={PACKAGE_PROJECTS} />;
}

/** 包含商品 of a product package. */
export function PackageProductsInput(props: CustomInputProps) {
  const q = useProductOptions();
  return <BundleRows {...props} options={q.data} loading={q.isPending} c={PACKAGE_PRODUCTS} />;
}

/** 关联商品 of an association: any product but the main one. */
export function LinkedProductsInput(props: CustomInputProps) {
  const q = useProductOptions();
  return <BundleRows {...props} options={q.data} loading={q.isPending} c={LINKED_PRODUCTS} />;
}
