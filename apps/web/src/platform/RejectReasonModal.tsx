/**
 * The 驳回 dialog of every review (store orders, marketing activities): a required reason, checked
 * with the contract's rule before the call, and a busy 确定驳回 while it runs.
 */
import { REJECT_REASON_MAX, rejectReason } from '@zb/contract/rules';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

export function RejectReasonModal({
  title,
  onOk,
  onCancel,
}: {
  /** e.g. 驳回订单, 驳回活动. */
  title: string;
  /** Runs the 驳回 with the trimmed reason; the dialog stays busy until it settles. */
  onOk: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={title}
      open
      okText="确定驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const checked = rejectReason.safeParse(reason);
        if (!checked.success) return setError(checked.error.issues[0]?.message ?? '请填写驳回原因');
        setBusy(true);
        try {
          await onOk(checked.data);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label="驳回原因" required validateStatus={error ? 'error' : undefined} help={error}>
          <Input.TextArea
            aria-label="驳回原因"
            rows={3}
            maxLength={REJECT_REASON_MAX}
            showCount
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
