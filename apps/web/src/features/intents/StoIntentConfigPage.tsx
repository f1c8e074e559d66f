/**
 * /stoIntentConfig (门店意向金配置): the stores of the caller's scope with their deposit rules, at
 * SPEC §7.8's calls (`/jeecg-boot/stoIntentConfig/list`, `/count`, and `/update` — a GET with the
 * values in the query). 编辑 (the page's edit button) opens one store's rules: whether it takes
 * deposits, fixed amounts or a range (entered in 元, sent in 分), validity days, refundable, and
 * who may apply for a refund.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INTENT_API, type IntentConfigDto } from '@zb/contract/api/intents';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  INTENT_AMOUNT_MAX,
  INTENT_AMOUNT_MODES,
  INTENT_REFUND_BY,
  INTENT_VALIDITY_DAYS_MAX,
} from '@zb/contract/entities/intentDeposit';
import { formatDateTime } from '@zb/contract/time';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { yuan } from './labels';

const PAGE_SIZE = 20;

interface Filters {
  storeName?: string;
  enabled?: boolean;
}

interface FormValues {
  enabled: boolean;
  amountMode: 'fixed' | 'range';
  fixedYuan: number[];
  minYuan: number | null;
  maxYuan: number | null;
  validityDays: number;
  refundable: boolean;
  refundBy: 'hq' | 'store';
  crossStore: boolean;
}

const toFen = (y: number | null | undefined) => (y === null || y === undefined ? undefined : Math.round(y * 100));

const amounts = (c: IntentConfigDto) => {
  if (!c.enabled) return '—';
  if (c.amountMode === 'fixed') return c.fixedAmounts.map(yuan).join('、') || '—';
  const lo = c.minAmount === null ? '不限' : yuan(c.minAmount);
  const hi = c.maxAmount === null ? '不限' : yuan(c.maxAmount);
  return `${lo} ~ ${hi}`;
};

function EditModal({ c, onClose }: { c: IntentConfigDto; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const mode = Form.useWatch('amountMode', form) ?? c.amountMode;
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await call(INTENT_API.configUpdate, {
        query: {
          storeId: c.storeId,
          enabled: v.enabled,
          amountMode: v.amountMode,
          fixedAmounts: (v.fixedYuan ?? []).map((y) => Math.round(Number(y) * 100)),
          minAmount: toFen(v.minYuan),
          maxAmount: toFen(v.maxYuan),
          validityDays: v.validityDays,
          refundable: v.refundable,
          refundBy: v.refundBy,
          crossStore: v.crossStore,
        },
      });
      await client.invalidateQueries({ queryKey: ['intents', 'config'] });
      onClose();
    } catch {
      // Alerted by the http layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`意向金配置：${c.storeName}`}
      open
      okText="保存"
      confirmLoading={busy}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          enabled: c.enabled,
          amountMode: c.amountMode,
          fixedYuan: c.fixedAmounts.map((f) => f / 100),
          minYuan: c.minAmount === null ? null : c.minAmount / 100,
          maxYuan: c.maxAmount === null ? null : c.maxAmount / 100,
          validityDays: c.validityDays,
          refundable: c.refundable,
          refundBy: c.refundBy,
          crossStore: c.crossStore,
        }}
      >
        <Form.Item name="enabled" label="收取意向金" valuePropName="checked">
          <Switch checkedChildren="开通" unCheckedChildren="未开通" />
        </Form.Item>
        <Form.Item name="amountMode" label="金额方式">
          <Radio.Group options={INTENT_AMOUNT_MODES.map((m) => ({ value: m.value, label: m.label }))} />
        </Form.Item>
        {mode === 'fixed' ? (
          <Form.Item
            name="fixedYuan"
            label="固定金额（元，可多个）"
            rules={[
              {
                validator: (_, v: unknown[]) =>
                  (v ?? []).every(
                    (x) =>
                      Number(x) > 0 &&
                      Number(x) * 100 <= INTENT_AMOUNT_MAX &&
                      Number.isInteger(Math.round(Number(x) * 100)),
                  )
                    ? Promise.resolve()
                    : Promise.reject(new Error(`金额须大于 0 且不超过 ${INTENT_AMOUNT_MAX / 100} 元`)),
              },
            ]}
          >
            <Select
              mode="tags"
              aria-label="固定金额"
              placeholder="输入金额后回车，如 100"
              tokenSeparators={[',', '，']}
            />
          </Form.Item>
        ) : (
          <Space>
            <Form.Item name="minYuan" label="最低金额（元）">
              <InputNumber min={0.01} max={INTENT_AMOUNT_MAX / 100} precision={2} placeholder="不限" />
            </Form.Item>
            <Form.Item name="maxYuan" label="最高金额（元）">
              <InputNumber min={0.01} max={INTENT_AMOUNT_MAX / 100} precision={2} placeholder="不限" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="validityDays" label="有效天数" rules={[{ required: true, message: '请填写有效天数' }]}>
          <InputNumber min={1} max={INTENT_VALIDITY_DAYS_MAX} precision={0} addonAfter="天" />
        </Form.Item>
        <Form.Item name="refundable" label="可退款" valuePropName="checked">
          <Switch checkedChildren="可退" unCheckedChildren="不可退" />
        </Form.Item>
        <Form.Item name="refundBy" label="退款申请方">
          <Radio.Group options={INTENT_REFUND_BY.map((m) => ({ value: m.value, label: m.label }))} />
        </Form.Item>
        <Form.Item
          name="crossStore"
          label="通店使用"
          valuePropName="checked"
          extra="开通后，本店收取的意向金可在其他门店抵扣开卡或充值"
        >
          <Switch checkedChildren="可通店" unCheckedChildren="仅本店" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function StoIntentConfigPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<IntentConfigDto | null>(null);
  const canEdit = useCan(buttonCodeOf('/stoIntentConfig', 'edit'));
  const q = useQuery({
    queryKey: ['intents', 'config', filters, pageNo],
    queryFn: () => call(INTENT_API.configList, { query: { ...filters, pageNo, pageSize: PAGE_SIZE } }),
  });
  return (
    <Card title="门店意向金配置">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          aria-label="门店"
          placeholder="门店名称或编码"
          allowClear
          value={draft.storeName}
          onChange={(e) => setDraft((d) => ({ ...d, storeName: e.target.value || undefined }))}
        />
        <Select
          aria-label="是否开通"
          placeholder="是否开通"
          allowClear
          style={{ width: 140 }}
          value={draft.enabled}
          onChange={(v) => setDraft((d) => ({ ...d, enabled: v }))}
          options={[
            { value: true, label: '已开通' },
            { value: false, label: '未开通' },
          ]}
        />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPageNo(1);
          }}
        >
          查询
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setFilters({});
            setPageNo(1);
          }}
        >
          重置
        </Button>
      </Space>
      <Table<IntentConfigDto>
        aria-label="门店意向金配置"
        rowKey="storeId"
        size="small"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          onChange: setPageNo,
          showTotal: (n) => `共 ${n} 条`,
          showSizeChanger: false,
        }}
        columns={[
          { title: '门店编码', dataIndex: 'storeCode', width: 100 },
          { title: '门店', dataIndex: 'storeName', width: 140 },
          { title: '大区', dataIndex: 'regionName', width: 100 },
          {
            title: '意向金',
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>),
          },
          { title: '金额', key: 'amounts', render: (_, c) => amounts(c) },
          { title: '有效天数', dataIndex: 'validityDays', width: 90 },
          { title: '可退款', dataIndex: 'refundable', width: 80, render: (v: boolean) => (v ? '可退' : '不可退') },
          {
            title: '退款申请方',
            dataIndex: 'refundBy',
            width: 110,
            render: (v: string) => INTENT_REFUND_BY.find((b) => b.value === v)?.label ?? v,
          },
          {
            title: '通店使用',
            dataIndex: 'crossStore',
            width: 90,
            render: (v: boolean) => (v ? '可通店' : '仅本店'),
          },
          {
            title: '更新',
            key: 'updated',
            width: 200,
            render: (_, c) => (c.updatedAt ? `${c.updatedByName ?? '—'} ${formatDateTime(c.updatedAt)}` : '—'),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 80,
                  fixed: 'right' as const,
                  render: (_: unknown, c: IntentConfigDto) => (
                    <Button type="link" size="small" onClick={() => setEditing(c)}>
                      编辑
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <EditModal c={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
