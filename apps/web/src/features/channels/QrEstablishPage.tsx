/**
 * /qrEstablish (新建二维码): one code of a channel (headquarters), one per chosen store, or one per
 * chosen staff member of a store, leading to 会员注册 or a mini-program page. The server checks the
 * stores and staff against the user's scope; its field errors land on their fields.
 */
import { type Pick, QR_OWNER_KINDS, QR_TARGETS, type QrEstablishBody } from '@zb/contract/entities/channel';
import { App, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { establishQrCodes, useChannelPicks, useQrStaff, useQrStores } from './api';

type Values = QrEstablishBody & { staffStoreId?: number };

const options = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((x) => ({ value: x.id, label: x.name }));

/** A required multiple choice of the batch: one code per chosen item. */
function BatchItem(p: { name: 'storeIds' | 'staffIds'; label: string; each: string; list?: Pick[]; loading: boolean }) {
  const ask = `请选择${p.label}`;
  return (
    <Form.Item
      name={p.name}
      label={p.label}
      rules={[{ required: true, message: ask }]}
      extra={`每${p.each}生成一个二维码`}
    >
      <Select
        mode="multiple"
        aria-label={p.label}
        placeholder={ask}
        loading={p.loading}
        showSearch={{ optionFilterProp: 'label' }}
        options={options(p.list)}
      />
    </Form.Item>
  );
}

export default function QrEstablishPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const ownerKind = Form.useWatch('ownerKind', form) ?? 'store';
  const target = Form.useWatch('target', form) ?? 'register';
  const staffStoreId = Form.useWatch('staffStoreId', form);
  const channels = useChannelPicks();
  const stores = useQrStores();
  const staff = useQrStaff(ownerKind === 'staff' ? staffStoreId : undefined);
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const { staffStoreId: _, ...body } = v;
      const made = await establishQrCodes(body);
      void message.success(`已生成 ${made.codes.length} 个二维码`);
      navigate('/qrCodeManage');
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields)
        form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="新建二维码">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        initialValues={{ ownerKind: 'store', target: 'register', storeIds: [], staffIds: [] }}
        onFinish={submit}
      >
        <Form.Item name="channelId" label="渠道" rules={[{ required: true, message: '请选择渠道' }]}>
          <Select
            aria-label="渠道"
            placeholder="请选择渠道"
            loading={channels.isPending}
            options={options(channels.data)}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请填写名称' },
            { max: 30, message: '名称最多 30 个字符' },
          ]}
          extra="批量生成时，每个二维码的名称后加上门店或员工"
        >
          <Input aria-label="名称" maxLength={30} />
        </Form.Item>
        <Form.Item name="ownerKind" label="归属">
          <Radio.Group options={QR_OWNER_KINDS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        {ownerKind === 'store' && (
          <BatchItem name="storeIds" label="门店" each="个门店" list={stores.data} loading={stores.isPending} />
        )}
        {ownerKind === 'staff' && (
          <>
            <Form.Item name="staffStoreId" label="员工所在门店" rules={[{ required: true, message: '请选择门店' }]}>
              <Select
                aria-label="员工所在门店"
                placeholder="请选择门店"
                showSearch={{ optionFilterProp: 'label' }}
                options={options(stores.data)}
                onChange={() => form.setFieldValue('staffIds', [])}
              />
            </Form.Item>
            <BatchItem name="staffIds" label="员工" each="名员工" list={staff.data} loading={staff.isFetching} />
          </>
        )}
        <Form.Item name="target" label="跳转目标">
          <Radio.Group options={QR_TARGETS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        {target === 'page' && (
          <Form.Item
            name="pagePath"
            label="页面路径"
            rules={[{ required: true, message: '跳转小程序页面须填写页面路径' }]}
          >
            <Input aria-label="页面路径" placeholder="pages/index/index" maxLength={100} />
          </Form.Item>
        )}
        <Form.Item name="params" label="页面参数" extra="key=value，多个以 & 连接，如 src=poster">
          <Input aria-label="页面参数" maxLength={200} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              生成二维码
            </Button>
            <Button onClick={() => navigate('/qrCodeManage')}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
