/**
 * A refund's buttons (refundSteps): 审核通过 asks first, 驳回 asks for its reason, 执行退款 asks
 * with the flow's confirm text. A refusal (FLOW-40901 when someone acted first) is alerted by the
 * http layer; the refund is read again either way.
 */
import { REFUND_FLOW, type RefundStatus, type RefundStep } from '@zb/contract/entities/refund';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useButtons, useMenuContext } from '../../platform/permissions';
import { RejectReasonModal } from '../../platform/RejectReasonModal';
import { useSessionUser } from '../../platform/session';
import { runRefundStep, useRefreshRefunds } from './api';
import { refundSteps } from './refundSteps';

export function RefundActions({ id, status, compact }: { id: number; status: RefundStatus; compact?: boolean }) {
  const has = useButtons();
  const { codes } = useMenuContext();
  const user = useSessionUser();
  const refresh = useRefreshRefunds();
  const [busy, setBusy] = useState<RefundStep | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const steps = refundSteps(status, (c) => has(c) || codes.has(c), user?.admin === 1);

  const run = async (step: RefundStep, reason?: string) => {
    setBusy(step);
    try {
      await runRefundStep(id, step, reason);
    } catch {
      // Alerted by the http layer.
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  const onStep = async (step: RefundStep) => {
    if (step === 'reject') return setRejecting(true);
    const s = REFUND_FLOW.steps[step];
    if (await confirm(s.confirm ?? `确定${s.label}吗？`)) await run(step);
  };
  if (steps.length === 0) return null;
  return (
    <Space>
      {steps.map((k) => (
        <Button
          key={k}
          size={compact ? 'small' : 'middle'}
          type={compact ? 'link' : k === 'reject' ? 'default' : 'primary'}
          danger={k === 'reject'}
          loading={busy === k}
          disabled={busy !== null}
          onClick={() => void onStep(k)}
        >
          {REFUND_FLOW.steps[k].label}
        </Button>
      ))}
      {rejecting && (
        <RejectReasonModal
          title="驳回退款"
          onOk={async (reason) => {
            await run('reject', reason);
            setRejecting(false);
          }}
          onCancel={() => setRejecting(false)}
        />
      )}
    </Space>
  );
}
