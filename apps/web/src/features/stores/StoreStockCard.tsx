/**
 * 门店库存 under a store's detail: what the store holds of each product now, and its latest
 * movements (订货收货, 会员领用, 盘点调整 …) with the balance after each.
 */
import { useQuery } from '@tanstack/react-query';
import { STOCK_API, STOCK_MOVEMENTS_SHOWN, type StockMovementRow, type StoreStockRow } from '@zb/contract/api/stock';
import { formatDateTime } from '@zb/contract/time';
import { Card, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call } from '../../platform/http';

const STOCK_COLUMNS: ColumnsType<StoreStockRow> = [
  { title: '商品编码', dataIndex: 'productCode', width: 110 },
  { title: '商品名称', dataIndex: 'productName' },
  { title: '规格', dataIndex: 'spec', width: 130 },
  { title: '库存', dataIndex: 'display', width: 140, align: 'right' },
  { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatDateTime(v) },
];

const MOVEMENT_COLUMNS: ColumnsType<StockMovementRow> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
  { title: '类型', dataIndex: 'kindName', width: 100, render: (v: string) => <Tag>{v}</Tag> },
  { title: '商品', dataIndex: 'productName' },
  {
    title: '变动',
    dataIndex: 'display',
    width: 120,
    align: 'right',
    render: (v: string, r) => <span style={{ color: r.quantity > 0 ? '#389e0d' : '#cf1322' }}>{v}</span>,
  },
  { title: '变动后库存', dataIndex: 'balanceDisplay', width: 130, align: 'right' },
  { title: '备注', dataIndex: 'note', width: 160 },
];

export function StoreStockCard({ storeId }: { storeId: number }) {
  const stock = useQuery({
    queryKey: ['stores', 'stock', storeId],
    queryFn: () => call(STOCK_API.storeStock, { query: { storeId } }),
  });
  const moves = useQuery({
    queryKey: ['stores', 'stockMovements', storeId],
    queryFn: () => call(STOCK_API.storeMovements, { query: { storeId } }),
  });
  return (
    <Card title="门店库存" style={{ marginTop: 16 }}>
      <Tabs
        items={[
          {
            key: 'stock',
            label: `当前库存（${stock.data?.length ?? 0}）`,
            children: (
              <Table<StoreStockRow>
                aria-label="当前库存"
                rowKey="productId"
                size="small"
                loading={stock.isPending}
                columns={STOCK_COLUMNS}
                dataSource={stock.data ?? []}
                pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 条`, hideOnSinglePage: true }}
                locale={{ emptyText: '该门店暂无库存' }}
              />
            ),
          },
          {
            key: 'movements',
            label: '最近出入库',
            children: (
              <Table<StockMovementRow>
                aria-label="最近出入库"
                rowKey="id"
                size="small"
                loading={moves.isPending}
                columns={MOVEMENT_COLUMNS}
                dataSource={moves.data ?? []}
                pagination={false}
                footer={() => `最近 ${STOCK_MOVEMENTS_SHOWN} 条；完整记录见库存报表`}
                locale={{ emptyText: '暂无出入库记录' }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
