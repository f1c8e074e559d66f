/**
 * 审核会员领用: the record, then 通过 (the store's stock goes out) or 驳回 with a reason. A refusal
 * (someone audited it first, the store lacks stock) is alerted by the call and the list refreshes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { MEMBER_RECEIVE } from '@zb/contract/entities/memberReceive';
import type { RowOf } from '@zb/contract/resource/define';
import { REJECT_REASON_MAX } from '@zb/contract/rules';
import { Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { resourceKey } from '../../platform/queryClient';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { auditMemberReceive } from './api';

interface Values {
  pass: boolean;
  reason?: string;
}

export default function AuditModal({ row, onClose }: { row: RowOf<typeof MEMBER_RECEIVE>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const pass = Form.useWatch('pass', form) ?? true;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await auditMemberReceive({ id: row.id, pass: values.pass, reason: values.pass ? null : values.reason });
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields)
        form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else onClose();
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: resourceKey(MEMBER_RECEIVE) });
    }
  };

  return (
    <Modal
      open
      title="审核会员领用"
      okText={pass ? '通过' : '驳回'}
      okButtonProps={{ danger: !pass, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: '领用单号', children: row.code },
          { key: 'store', label: '门店', children: row.storeName },
          { key: 'member', label: '会员', children: `${row.memberName} ${row.memberPhone}` },
          { key: 'lines', label: '领用商品', children: row.linesText ?? '' },
        ]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ pass: true }}
        onFinish={submit}
        name="member-receive-audit"
      >
        <Form.Item name="pass" label="审核结果">
          <Radio.Group
            options={[
              { value: true, label: '通过（从门店库存扣减）' },
              { value: false, label: '驳回' },
            ]}
          />
        </Form.Item>
        {!pass && (
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}
          >
            <Input.TextArea aria-label="驳回原因" maxLength={REJECT_REASON_MAX} showCount autoSize={{ minRows: 3 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
