/**
 * An order list (/bookProdLstNew, /materialBookProdLstNew) on the resource engine: search by
 * order no., store, region, kind, status, payment and date; 导出; 新增订货 for a user with 新增;
 * in each row the steps the order's state allows and the user may take (审核, 驳回, 发货, 收货,
 * 登记付款). A row's 查看 opens its detail page.
 */
import { PlusOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { OrderFamily, OrderStatus, PayStatus } from '@zb/contract/entities/storeOrder';
import type { ResourceRow } from '@zb/contract/resource/api';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { OrderActions } from './OrderActions';

export function OrderListPage({ family }: { family: OrderFamily }) {
  const navigate = useNavigate();
  const canAdd = useCan(buttonCodeOf(family.decl.page, 'add'));
  const detailPath = family.decl.detailPage!;
  return (
    <ResourceListPage
      decl={family.decl}
      toolbar={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${detailPath}?create=1`)}>
            新增订货
          </Button>
        )
      }
      rowActions={(row: ResourceRow) => (
        <OrderActions
          compact
          family={family}
          detailPath={detailPath}
          order={{
            id: row.id,
            orderNo: String(row.orderNo),
            status: row.status as OrderStatus,
            payStatus: row.payStatus as PayStatus,
            total: Number(row.total),
            paidAmount: Number(row.paidAmount),
          }}
        />
      )}
    />
  );
}
