/** A one-field (or two-field) modal form for 新增层级 / 新增角色 / 改名: required, at most 30 characters. */
import { HIER_NAME_MAX } from '@zb/contract/api/hierarchy';
import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

export interface NameForm {
  name: string;
  [extra: string]: unknown;
}

interface Props {
  title: string;
  label: string;
  initial?: string;
  /** More fields (a level select, a description). */
  extra?: ReactNode;
  /** Resolves true when saved (the modal closes), false when the server refused (it stays). */
  onSubmit: (values: NameForm) => Promise<boolean>;
  onClose: () => void;
}

export function NameDialog({ title, label, initial = '', extra, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<NameForm>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (await onSubmit({ ...values, name: values.name.trim() })) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText="确定"
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initial }} preserve={false}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请输入${label}` },
            { max: HIER_NAME_MAX, message: `${label}最多 ${HIER_NAME_MAX} 个字符` },
          ]}
        >
          <Input placeholder={`请输入${label}`} maxLength={HIER_NAME_MAX} autoFocus />
        </Form.Item>
        {extra}
      </Form>
    </Modal>
  );
}

/** Runs a change; true when it succeeded (a refusal was already alerted by the http client). */
export const attempt = async (work: () => Promise<unknown>): Promise<boolean> => {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
};
