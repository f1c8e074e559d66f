/** 登记付款: amount in 元, method, time, voucher image, remark; checked with the server's schema. */
import { type OrderFamily, PAY_METHODS, payBody, type StoreOrderHead } from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { fieldErrors } from '@zb/contract/rules';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ImageUpload } from '../../platform/inputs/ImageUpload';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { payOrder } from './api';

interface Values {
  amount?: number;
  method?: string;
  paidAt?: Dayjs;
  voucher?: string | null;
  remark?: string;
}

interface Props {
  family: OrderFamily;
  order: Pick<StoreOrderHead, 'id' | 'orderNo' | 'total' | 'paidAmount'>;
  open: boolean;
  onClose: () => void;
  onPaid: () => void;
}

export function PayModal({ family, order, open, onClose, onPaid }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const owed = order.total - order.paidAmount;

  const showErrors = (fields: Record<string, string>) =>
    form.setFields(
      Object.entries(fields).map(([name, msg]) => ({
        name: (name === 'orderId' ? 'amount' : name) as keyof Values,
        errors: [msg],
      })),
    );

  const submit = async () => {
    const v = form.getFieldsValue();
    const body = {
      orderId: order.id,
      amount: v.amount === undefined || v.amount === null ? undefined : Math.round(v.amount * 100),
      method: v.method,
      paidAt: v.paidAt?.toISOString(),
      voucher: v.voucher || null,
      remark: v.remark || null,
    };
    const parsed = payBody.safeParse(body);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setSaving(true);
    try {
      await payOrder(family, parsed.data);
      form.resetFields();
      onPaid();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) showErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`登记付款 · ${order.orderNo}`}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定登记"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        订单金额 ¥{formatYuan(order.total)}，已付 ¥{formatYuan(order.paidAmount)}，尚欠 ¥{formatYuan(owed)}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="store-order-pay"
        initialValues={{ amount: owed / 100, method: 'transfer', paidAt: dayjs() }}
      >
        <Form.Item label="付款金额（元）" name="amount" required>
          <InputNumber min={0.01} max={owed / 100} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="付款方式" name="method" required>
          <Select options={PAY_METHODS.map((m) => ({ value: m.value, label: m.label }))} />
        </Form.Item>
        <Form.Item label="付款时间" name="paidAt" required>
          <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item label="付款凭证" name="voucher">
          <ImageUpload />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
