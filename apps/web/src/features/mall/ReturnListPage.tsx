/**
 * /returnList (退货列表): the mall's after-sale requests (仅退款, 退货退款) with their audit. The row
 * shows the steps MALL_RETURN_FLOW allows from the request's state for a holder of 审核: 审核通过
 * (an optional remark), 驳回 (a required reason), 退款 (confirmed first: the member is paid back
 * and returned goods go back in stock). The order number opens the order's detail page.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MALL_RETURN, MALL_RETURN_FLOW, type MallReturnStatus } from '@zb/contract/entities/mall';
import { stepsFrom } from '@zb/contract/flow';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { RejectReasonModal } from '../../platform/RejectReasonModal';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { runReturnStep, useRefreshMall } from './api';

function ReturnActions({ id, status, orderId }: { id: number; status: MallReturnStatus; orderId: number }) {
  const canAudit = useCan(buttonCodeOf(MALL_RETURN_FLOW.page, 'audit'));
  const refresh = useRefreshMall();
  const [rejecting, setRejecting] = useState(false);
  const steps = canAudit ? stepsFrom(MALL_RETURN_FLOW, status, 'console') : [];
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      // alerted by the http layer
    }
    await refresh();
  };
  return (
    <Space size={0}>
      <Link to={`/onlineOrderDetail?id=${orderId}`} style={{ padding: '0 7px' }}>
        订单
      </Link>
      {steps.includes('approve') && (
        <Button
          type="link"
          size="small"
          onClick={async () => {
            if (await confirm('确定审核通过该售后申请？')) await run(() => runReturnStep('approve', id));
          }}
        >
          审核通过
        </Button>
      )}
      {steps.includes('reject') && (
        <Button type="link" size="small" danger onClick={() => setRejecting(true)}>
          驳回
        </Button>
      )}
      {steps.includes('refund') && (
        <Button
          type="link"
          size="small"
          onClick={async () => {
            if (await confirm(MALL_RETURN_FLOW.steps.refund.confirm!)) await run(() => runReturnStep('refund', id));
          }}
        >
          退款
        </Button>
      )}
      {rejecting && (
        <RejectReasonModal
          title="驳回售后申请"
          onCancel={() => setRejecting(false)}
          onOk={async (reason) => {
            await run(() => runReturnStep('reject', id, reason));
            setRejecting(false);
          }}
        />
      )}
    </Space>
  );
}

export default function ReturnListPage() {
  return (
    <ResourceListPage
      decl={MALL_RETURN}
      rowActions={(row) => (
        <ReturnActions id={row.id} status={row.status as MallReturnStatus} orderId={Number(row.orderId)} />
      )}
    />
  );
}
