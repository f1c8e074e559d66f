/**
 * 登记退款 of /onlineCouponRefundList: a verified voucher, 撤销核销 (asked of the platform) or
 * 平台退款, and the reason; asks 确认 first, as it cannot be undone. Field errors land on their fields.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  type ApplyGroupBuyRefund,
  applyGroupBuyRefundBody,
  GROUPBUY_REFUND,
  GROUPBUY_REFUND_API,
  GROUPBUY_REFUND_KINDS,
  GROUPBUY_VOUCHER,
} from '@zb/contract/entities/groupBuy';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { zodRule } from '../../platform/formRules';
import { call } from '../../platform/http';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { invalidateAfterWrite } from '../../platform/queryClient';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';

const shape = applyGroupBuyRefundBody.shape;

export function RefundModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ApplyGroupBuyRefund>();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const what = values.kind === 'cancel' ? '撤销该券的核销（平台上券码恢复可用）' : '登记该券的平台退款';
    if (!(await confirm(`确定${what}？此操作不能撤回。`))) return;
    setSaving(true);
    try {
      await call(GROUPBUY_REFUND_API.apply, { body: values });
      await invalidateAfterWrite(client, GROUPBUY_REFUND);
      await invalidateAfterWrite(client, GROUPBUY_VOUCHER);
      form.resetFields();
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([name, msg]) => ({ name: name as keyof ApplyGroupBuyRefund, errors: [msg] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="登记团购券退款"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'refund' }}>
        <Form.Item name="voucherId" label="团购券" rules={[zodRule(shape.voucherId)]}>
          <LookupSelect
            endpoint={GROUPBUY_REFUND_API.vouchers}
            aria-label="团购券"
            placeholder="请选择已核销的团购券"
          />
        </Form.Item>
        <Form.Item name="kind" label="退款方式" rules={[zodRule(shape.kind)]}>
          <Radio.Group options={GROUPBUY_REFUND_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
        </Form.Item>
        <Form.Item name="reason" label="退款原因" rules={[zodRule(shape.reason)]}>
          <Input.TextArea aria-label="退款原因" maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
