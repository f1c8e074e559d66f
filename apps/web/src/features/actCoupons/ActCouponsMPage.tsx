/**
 * /actCouponsM (活动券管理): batches of printed coupon codes — 制作 (an active coupon and how many
 * codes), how many are allotted to stores and redeemed, 停用 — with 分配 and 券码 opening
 * /actCouponAllot on the batch.
 */
import { ACT_COUPON_BATCH } from '@zb/contract/entities/actCoupon';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { TemplateInput } from './inputs';

const INPUTS = { templateId: TemplateInput };

export default function ActCouponsMPage() {
  const navigate = useNavigate();
  return (
    <ResourceListPage
      decl={ACT_COUPON_BATCH}
      inputs={INPUTS}
      rowActions={(row) => (
        <>
          <Button type="link" size="small" onClick={() => navigate(`/actCouponAllot?batchId=${row.id}`)}>
            分配
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/actCouponAllot?tab=codes&batchId=${row.id}`)}>
            券码
          </Button>
        </>
      )}
    />
  );
}
