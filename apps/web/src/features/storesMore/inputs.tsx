/**
 * The form controls of the store pages: a store of the user's scope (each page's own call), a
 * product, a member's phone with its area code, the lines of a 领用, and the write-only key.
 */

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Endpoint } from '@zb/contract/api/endpoint';
import {
  MEMBER_RECEIVE_API,
  MEMBER_RECEIVE_LINES_MAX,
  MEMBER_RECEIVE_QUANTITY_MAX,
  type MemberReceiveLine,
} from '@zb/contract/entities/memberReceive';
import type { ProductPick, StorePick } from '@zb/contract/entities/storesCommon';
import { Button, Empty, InputNumber, Select, Space } from 'antd';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProductPicks } from './api';

type StoresCall = Endpoint<undefined, undefined, StorePick[]>;
type ProductsCall = Endpoint<undefined, undefined, ProductPick[]>;

/** A store picker over a page's own `stores` call (each page's call is guarded by its own codes). */
export function StorePicker({
  endpoint,
  value,
  onChange,
  disabled,
  field,
}: CustomInputProps & { endpoint: StoresCall }) {
  return (
    <LookupSelect
      endpoint={endpoint}
      disabled={disabled}
      aria-label={field.label}
      placeholder={field.required ? '请选择门店' : '不绑定门店'}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

const productLabel = (p: ProductPick) => `${p.name}（${p.code}${p.spec ? ` ${p.spec}` : ''}）`;

/** A product picker over a page's own `products` call. */
export function ProductPicker({
  endpoint,
  value,
  onChange,
  disabled,
  field,
}: CustomInputProps & { endpoint: ProductsCall }) {
  const products = useProductPicks(endpoint);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      aria-label={field.label}
      placeholder="请选择商品"
      loading={products.isPending}
      disabled={disabled}
      value={(value as number | null | undefined) ?? undefined}
      options={(products.data ?? []).map((p) => ({ value: p.id, label: productLabel(p) }))}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

type Line = Partial<MemberReceiveLine>;

/** 领用商品: product × quantity (in the product's unit), each product once. */
export function ReceiveLinesInput({ value, onChange, disabled }: CustomInputProps) {
  const products = useProductPicks(MEMBER_RECEIVE_API.products);
  const rows = (Array.isArray(value) ? value : []) as Line[];
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const set = (i: number, patch: Line) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const chosen = new Set(rows.map((r) => r.productId));
  return (
    <div>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请添加会员领用的商品" />}
      {rows.map((row, i) => (
        // Lines have no id of their own until saved; their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }} wrap>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 280 }}
            aria-label={`第 ${i + 1} 行商品`}
            placeholder="请选择商品"
            loading={products.isPending}
            disabled={disabled}
            value={row.productId}
            options={(products.data ?? []).map((p) => ({
              value: p.id,
              label: productLabel(p),
              disabled: chosen.has(p.id) && p.id !== row.productId,
            }))}
            onChange={(productId) => set(i, { productId })}
          />
          <InputNumber
            aria-label={`第 ${i + 1} 行数量`}
            min={1}
            max={MEMBER_RECEIVE_QUANTITY_MAX}
            precision={0}
            disabled={disabled}
            value={row.quantity}
            suffix={row.productId ? byId.get(row.productId)?.unit : undefined}
            onChange={(q) => set(i, { quantity: q ?? undefined })}
          />
          {!disabled && (
            <Button
              aria-label="删除此行"
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      {!disabled && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={rows.length >= MEMBER_RECEIVE_LINES_MAX}
          onClick={() => onChange?.([...rows, { quantity: 1 }])}
        >
          添加商品
        </Button>
      )}
    </div>
  );
}

export { SecretInput } from '../../platform/inputs/SecretInput';
