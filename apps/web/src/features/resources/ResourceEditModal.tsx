/** 编辑 of a resource: name and tip; groups and pages (menu entries) also their menu position. */
import { MENU_SORT_MAX, RESOURCE_NAME_MAX, RESOURCE_TIP_MAX, type ResourceItem } from '@zb/contract/api/resources';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import type { ResourceEdit } from './api';

interface Props {
  item: ResourceItem | null;
  saving: boolean;
  onSave: (edit: ResourceEdit, menuEntry: boolean) => void;
  onClose: () => void;
}

export function ResourceEditModal({ item, saving, onSave, onClose }: Props) {
  const [form] = Form.useForm<ResourceEdit>();
  const menuEntry = item?.kind !== 'button';
  useEffect(() => {
    if (item) form.setFieldsValue({ id: item.id, name: item.name, description: item.description, sort: item.sort });
  }, [item, form]);

  const submit = async () => {
    const values = await form.validateFields();
    onSave({ ...values, id: item!.id, ...(menuEntry ? {} : { sort: undefined }) }, menuEntry);
  };

  return (
    <Modal
      open={!!item}
      title={`编辑${item?.kind === 'group' ? '菜单分组' : item?.kind === 'page' ? '页面' : '按钮'}`}
      okText="保存"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {item && (
        <Typography.Paragraph type="secondary">
          编码 {item.code}；默认名称「{item.defaultName}」
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: RESOURCE_NAME_MAX, message: `名称最多 ${RESOURCE_NAME_MAX} 个字符` },
          ]}
        >
          <Input placeholder="菜单与页面上显示的名称" maxLength={RESOURCE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="description"
          label="提示"
          rules={[{ max: RESOURCE_TIP_MAX, message: `提示最多 ${RESOURCE_TIP_MAX} 个字符` }]}
        >
          <Input.TextArea rows={2} placeholder="悬停菜单时显示的说明（选填）" maxLength={RESOURCE_TIP_MAX} showCount />
        </Form.Item>
        {menuEntry && (
          <Form.Item
            name="sort"
            label="排序"
            extra="数字越小越靠前"
            rules={[{ required: true, message: '请输入排序' }]}
          >
            <InputNumber min={0} max={MENU_SORT_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
