/**
 * /actCouponAllot (活动券分配): the runs of codes given to stores (分配: a batch, a store, how many;
 * the next unallotted codes are taken; 撤回 before any is redeemed) and every code with its 兑换密码,
 * store and redemption (导出 for printing).
 */
import { ACT_COUPON_ALLOT, ACT_COUPON_CODE } from '@zb/contract/entities/actCoupon';
import { Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { BatchInput, StoreInput } from './inputs';

const INPUTS = { batchId: BatchInput, storeId: StoreInput };

export default function ActCouponAllotPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tab = search.get('tab') === 'codes' ? 'codes' : 'allots';
  const batchId = search.get('batchId');
  return (
    <Tabs
      destroyOnHidden
      activeKey={tab}
      onChange={(key) => navigate(`?tab=${key}${batchId ? `&batchId=${batchId}` : ''}`)}
      items={[
        { key: 'allots', label: '分配记录', children: <ResourceListPage decl={ACT_COUPON_ALLOT} inputs={INPUTS} /> },
        { key: 'codes', label: '券码', children: <ResourceListPage decl={ACT_COUPON_CODE} readOnly /> },
      ]}
    />
  );
}
