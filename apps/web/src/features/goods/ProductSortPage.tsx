/**
 * /productSort (商品排序): every product in display order; 上移/下移/置顶/置底 move a row, 保存
 * (the page's 编辑 button) writes the whole order at once, 还原 drops the moves. Leaving with
 * unsaved moves is not guarded here: the order is kept until the page is closed.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SALE_STATUS } from '@zb/contract/entities/goodsCommon';
import { PRODUCT, PRODUCT_SORT_BUTTONS, type ProductSortItem } from '@zb/contract/entities/product';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '../../platform/permissions';
import { invalidateAfterWrite } from '../../platform/queryClient';
import { fetchSortList, GOODS_KEYS, saveSort } from './api';

const statusTag = (status: string) => {
  const s = SALE_STATUS.find((o) => o.value === status);
  return <Tag color={s?.color}>{s?.label ?? status}</Tag>;
};

/** The list with the item at `from` moved to `to`. */
export const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item as T);
  return out;
};

export default function ProductSortPage() {
  const canEdit = useCan(PRODUCT_SORT_BUTTONS.edit);
  const client = useQueryClient();
  const query = useQuery({ queryKey: GOODS_KEYS.sortList, queryFn: fetchSortList });
  const [rows, setRows] = useState<ProductSortItem[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) {
      setRows(query.data);
      setDirty(false);
    }
  }, [query.data]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    setRows(moved(rows, from, to));
    setDirty(true);
  };

  const revert = () => {
    setRows(query.data ?? []);
    setDirty(false);
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveSort(rows.map((r) => r.id));
      await invalidateAfterWrite(client, PRODUCT);
    } catch {
      // Alerted by the http client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title="商品排序"
      extra={
        canEdit && (
          <Space>
            <Button disabled={!dirty} onClick={revert}>
              还原
            </Button>
            <Button type="primary" disabled={!dirty} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        )
      }
    >
      {dirty && <Alert type="info" showIcon title="顺序已调整，点击保存后生效" style={{ marginBottom: 12 }} />}
      <Table<ProductSortItem>
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={rows}
        pagination={{ defaultPageSize: 50, showTotal: (n) => `共 ${n} 条`, showSizeChanger: true }}
        locale={{ emptyText: '暂无商品' }}
        columns={[
          { key: 'pos', title: '序号', width: 70, render: (_: unknown, row: ProductSortItem) => rows.indexOf(row) + 1 },
          { key: 'code', dataIndex: 'code', title: '商品编码', width: 120 },
          { key: 'name', dataIndex: 'name', title: '商品名称' },
          { key: 'status', dataIndex: 'status', title: '状态', width: 80, render: statusTag },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '调整',
                  width: 240,
                  render: (_: unknown, row: ProductSortItem) => {
                    const i = rows.indexOf(row);
                    return (
                      <Space size={0}>
                        <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, 0)}>
                          置顶
                        </Button>
                        <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                          上移
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          disabled={i === rows.length - 1}
                          onClick={() => move(i, i + 1)}
                        >
                          下移
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          disabled={i === rows.length - 1}
                          onClick={() => move(i, rows.length - 1)}
                        >
                          置底
                        </Button>
                      </Space>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
