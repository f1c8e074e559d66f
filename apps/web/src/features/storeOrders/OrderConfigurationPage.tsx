/**
 * /orderConfiguration (订货配置): the ordering rules of each kind — the days of the month stores
 * may order, the minimum amount, whether franchise stores may ship on credit, which store types
 * may order — and the material catalogue (物料目录) that material orders pick from. 编辑 saves a
 * kind's rules; 新增/编辑/删除 keep the materials.
 */

import { useQueryClient } from '@tanstack/react-query';
import { MASTER_API } from '@zb/contract/api/master';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MATERIAL } from '@zb/contract/entities/material';
import { type OrderConfig, orderConfigBody, orderDaysText } from '@zb/contract/entities/orderConfig';
import { ORDER_KINDS } from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { fieldErrors } from '@zb/contract/rules';
import { formatDateTime } from '@zb/contract/time';
import { Button, Card, Col, Form, InputNumber, Row, Select, Space, Spin, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useLookup } from '../../platform/inputs/useLookup';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { ORDER_KEYS, saveOrderConfig, useOrderConfigs } from './api';

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1} 日` }));

interface Values {
  orderDays: number[];
  minAmount: number;
  franchiseCredit: boolean;
  storeTypeIds: number[];
}

function RuleCard({ config, canEdit }: { config: OrderConfig; canEdit: boolean }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const storeTypes = useLookup(MASTER_API.findStoreType);
  const kind = ORDER_KINDS.find((k) => k.value === config.kind)!;

  const save = async () => {
    const v = form.getFieldsValue();
    const body = { ...v, kind: config.kind, minAmount: Math.round((v.minAmount ?? 0) * 100) };
    const parsed = orderConfigBody.safeParse(body);
    const show = (fields: Record<string, string>) =>
      form.setFields(
        Object.entries(fields).map(([k, msg]) => ({ name: k.split('.')[0] as keyof Values, errors: [msg] })),
      );
    if (!parsed.success) return show(fieldErrors(parsed.error));
    setSaving(true);
    try {
      await saveOrderConfig(parsed.data);
      await queryClient.invalidateQueries({ queryKey: ORDER_KEYS.config });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) show(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={`${kind.label}订货规则`}
      extra={
        canEdit && (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        name={`order-config-${config.kind}`}
        disabled={!canEdit}
        initialValues={{
          orderDays: config.orderDays,
          minAmount: config.minAmount / 100,
          franchiseCredit: config.franchiseCredit,
          storeTypeIds: config.storeTypeIds,
        }}
      >
        <Form.Item
          label="订货日"
          name="orderDays"
          extra={`不选表示每天可订货；当前：${orderDaysText(config.orderDays)}`}
        >
          <Select mode="multiple" allowClear placeholder="每天" options={DAYS} aria-label={`${kind.label}订货日`} />
        </Form.Item>
        <Form.Item label="起订金额（元）" name="minAmount" extra={`当前：¥${formatYuan(config.minAmount)}`}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} aria-label={`${kind.label}起订金额`} />
        </Form.Item>
        <Form.Item label="可订门店类型" name="storeTypeIds" extra="不选表示所有门店类型均可订货">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部门店类型"
            loading={storeTypes.loading}
            options={storeTypes.options}
          />
        </Form.Item>
        <Form.Item
          label="加盟店赊销"
          name="franchiseCredit"
          valuePropName="checked"
          extra="开启后加盟门店未付清货款也可发货"
        >
          <Switch checkedChildren="允许" unCheckedChildren="不允许" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">
        {config.updatedAt ? `最后修改：${config.updatedBy ?? '—'} · ${formatDateTime(config.updatedAt)}` : '尚未设置'}
      </Typography.Text>
    </Card>
  );
}

function Rules() {
  const configs = useOrderConfigs();
  const canEdit = useCan(buttonCodeOf('/orderConfiguration', 'edit'));
  if (!configs.data) return <Spin spinning={configs.isLoading} />;
  return (
    <Row gutter={[16, 16]}>
      {configs.data.map((c) => (
        <Col key={`${c.kind}-${c.updatedAt ?? ''}`} xs={24} lg={8}>
          <RuleCard config={c} canEdit={canEdit} />
        </Col>
      ))}
    </Row>
  );
}

export default function OrderConfigurationPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'rules', label: '订货规则', children: <Rules /> },
        {
          key: 'materials',
          label: '物料目录',
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                门店在「物料订货记录」中订购这里的物料；已被订单使用的物料不能删除，可改为停订。
              </Typography.Text>
              <ResourceListPage decl={MATERIAL} />
            </Space>
          ),
        },
      ]}
    />
  );
}
