/** 新增节点: a headquarters box takes a name; a region or store box picks a region or store not yet in it. */
import { useQuery } from '@tanstack/react-query';
import type { HierBox } from '@zb/contract/api/hierarchy';
import { HIER_NAME_MAX } from '@zb/contract/api/hierarchy';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { HIER_KEYS, hierApi } from './api';
import { attempt } from './NameDialog';

interface Props {
  box: HierBox;
  onClose: () => void;
  onAdded: () => void;
}

interface Values {
  placeId?: number;
  name?: string;
}

export function AddContentDialog({ box, onClose, onAdded }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const needsPlace = box.level !== 'hq';
  const placeLabel = box.level === 'region' ? '大区' : '门店';
  const places = useQuery({
    queryKey: HIER_KEYS.places(box.id),
    queryFn: () => hierApi.places(box.id),
    enabled: needsPlace,
  });

  const submit = async () => {
    const v = await form.validateFields();
    const name = v.name?.trim() || undefined;
    const q =
      box.level === 'region'
        ? { hierId: box.id, name, regionId: v.placeId }
        : box.level === 'store'
          ? { hierId: box.id, name, storeId: v.placeId }
          : { hierId: box.id, name };
    setSaving(true);
    const ok = await attempt(() => hierApi.addContent(q));
    setSaving(false);
    if (ok) {
      onAdded();
      onClose();
    }
  };

  return (
    <Modal
      open
      title={`新增节点：${box.name}`}
      okText="确定"
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {needsPlace && (
          <Form.Item name="placeId" label={placeLabel} rules={[{ required: true, message: `请选择${placeLabel}` }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={places.isFetching}
              placeholder={`请选择${placeLabel}`}
              notFoundContent={places.isFetching ? '加载中…' : `没有可添加的${placeLabel}`}
              options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="节点名称"
          extra={needsPlace ? `不填则使用${placeLabel}名称` : undefined}
          rules={[
            { required: !needsPlace, whitespace: true, message: '请输入节点名称' },
            { max: HIER_NAME_MAX, message: `节点名称最多 ${HIER_NAME_MAX} 个字符` },
          ]}
        >
          <Input placeholder="请输入节点名称" maxLength={HIER_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
