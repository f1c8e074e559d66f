/** /onlineCouponRefundList (团购券退款): the refunds of verified vouchers, and 登记退款 for a user with 审核. */
import { PlusOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { GROUPBUY_REFUND } from '@zb/contract/entities/groupBuy';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { RefundModal } from './RefundModal';

const AUDIT = buttonCodeOf(GROUPBUY_REFUND.page, 'audit');

export default function OnlineCouponRefundListPage() {
  const canApply = useCan(AUDIT);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceListPage
        decl={GROUPBUY_REFUND}
        readOnly
        toolbar={
          canApply && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
              登记退款
            </Button>
          )
        }
      />
      <RefundModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
