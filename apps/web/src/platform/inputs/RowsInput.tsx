/**
 * A small editor of child rows (a project's consumed products, a card's projects): one line per
 * row with a picker and numbers, 添加 and 删除. The value is the array of rows.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space } from 'antd';
import type { ReactNode } from 'react';

interface Props<R> {
  value?: R[] | null;
  onChange?: (rows: R[]) => void;
  disabled?: boolean;
  /** A new row's values. */
  blank: () => R;
  addLabel: string;
  emptyText: string;
  /** The controls of one row; `set` replaces some of its values. */
  renderRow: (row: R, set: (patch: Partial<R>) => void) => ReactNode;
}

export function RowsInput<R>({ value, onChange, disabled, blank, addLabel, emptyText, renderRow }: Props<R>) {
  const rows = value ?? [];
  const replace = (i: number, patch: Partial<R>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      {rows.map((row, i) => (
        // Rows have no id of their own until saved; their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }} wrap>
          {renderRow(row, (patch) => replace(i, patch))}
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
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, blank()])}>
          {addLabel}
        </Button>
      )}
    </div>
  );
}
