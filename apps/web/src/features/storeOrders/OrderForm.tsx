/**
 * The order form (新增 / 修改): the store (of the user's data scope), the kind, the lines — a
 * product or material picked from what may be ordered, with its quantity; the unit price is the
 * one the server will take (cost price) and the total adds up as the user types — and a remark.
 * Checked with the same schema as the server before sending; the server's field errors land on
 * their fields; leaving with changes asks 确认关闭？.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ORDER_KINDS,
  ORDER_LINES_MAX,
  ORDER_QTY_MAX,
  type OrderFamily,
  type OrderKind,
  orderApiOf,
  type StoreOrderView,
} from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { fieldErrors } from '@zb/contract/rules';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { confirmLeave } from '../../platform/alerts';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { useThrottledSubmit } from '../../platform/throttle';
import { modifyOrder, submitOrder, useOrderItems, useOrderStores, useRefreshOrders } from './api';

interface Line {
  key: number;
  itemId?: number;
  quantity: number;
}

interface Props {
  family: OrderFamily;
  /** The order being edited; none creates one. */
  order?: StoreOrderView;
  /** A fixed kind (the 美业产品 page orders aesthetic products only). */
  kind?: OrderKind;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

let nextKey = 1;

export function OrderForm({ family, order, kind: fixedKind, onSaved, onCancel }: Props) {
  const stores = useOrderStores(family);
  const refresh = useRefreshOrders(family);
  const [storeId, setStoreId] = useState<number | undefined>(order?.order.storeId);
  const items = useOrderItems(family, storeId);
  const [kind, setKind] = useState<OrderKind>(order?.order.kind ?? fixedKind ?? family.kinds[0]!);
  const [remark, setRemark] = useState(order?.order.remark ?? '');
  const [lines, setLines] = useState<Line[]>(() =>
    order
      ? order.lines.map((l) => ({ key: nextKey++, itemId: l.itemId, quantity: l.quantity }))
      : [{ key: nextKey++, quantity: 1 }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const byId = useMemo(() => new Map((items.data ?? []).map((i) => [i.id, i])), [items.data]);
  const total = lines.reduce((s, l) => s + (l.itemId ? (byId.get(l.itemId)?.price ?? 0) * l.quantity : 0), 0);
  const touch = () => {
    setDirty(true);
    setErrors({});
  };
  const setLine = (key: number, patch: Partial<Line>) => {
    touch();
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };

  const save = useThrottledSubmit(async () => {
    const api = orderApiOf(family);
    const payload = {
      remark: remark.trim() || null,
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
    };
    const body = order ? { id: order.order.id, ...payload } : { storeId, kind, ...payload };
    const parsed = (order ? api.modify.body! : api.submit.body!).safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setSaving(true);
    try {
      const saved = order
        ? await modifyOrder(family, parsed.data as never)
        : await submitOrder(family, parsed.data as never);
      await refresh();
      setDirty(false);
      onSaved(saved.id);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  });

  const lineError = Object.entries(errors).find(([k]) => k === 'lines' || k.startsWith('lines.'))?.[1];
  const kinds = ORDER_KINDS.filter((k) => family.kinds.includes(k.value));

  return (
    <Form layout="vertical" name={`${family.decl.name}-form`} style={{ maxWidth: 960 }}>
      <Space size="large" wrap align="start">
        <Form.Item
          label="订货门店"
          required
          validateStatus={errors.storeId ? 'error' : undefined}
          help={errors.storeId}
        >
          <Select
            aria-label="订货门店"
            style={{ width: 260 }}
            placeholder="请选择门店"
            disabled={!!order}
            loading={stores.isLoading}
            value={storeId}
            onChange={(v) => {
              touch();
              setStoreId(v);
            }}
            showSearch={{ optionFilterProp: 'label' }}
            options={(order
              ? [{ id: order.order.storeId, name: order.order.storeName, code: order.order.storeCode }]
              : (stores.data ?? [])
            ).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
          />
        </Form.Item>
        {kinds.length > 1 && (
          <Form.Item label="订货类型" required validateStatus={errors.kind ? 'error' : undefined} help={errors.kind}>
            <Select
              aria-label="订货类型"
              style={{ width: 160 }}
              disabled={!!order || !!fixedKind}
              value={kind}
              onChange={(v) => {
                touch();
                setKind(v);
              }}
              options={kinds.map((k) => ({ value: k.value, label: k.label }))}
            />
          </Form.Item>
        )}
      </Space>
      <Form.Item label="订货明细" required validateStatus={lineError ? 'error' : undefined} help={lineError}>
        <Table<Line>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={lines}
          locale={{ emptyText: `请添加${family.item}` }}
          columns={[
            {
              title: family.item,
              key: 'item',
              render: (_, l) => (
                <Select
                  aria-label={`选择${family.item}`}
                  style={{ width: 320 }}
                  placeholder={`请选择${family.item}`}
                  loading={items.isLoading}
                  value={l.itemId}
                  onChange={(v) => setLine(l.key, { itemId: v })}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(items.data ?? []).map((i) => ({
                    value: i.id,
                    label: `${i.code} ${i.name}${i.spec ? `（${i.spec}）` : ''}`,
                    disabled: lines.some((x) => x.key !== l.key && x.itemId === i.id),
                  }))}
                />
              ),
            },
            {
              title: '数量',
              key: 'quantity',
              width: 150,
              render: (_, l) => (
                <Space.Compact>
                  <InputNumber
                    aria-label="数量"
                    min={1}
                    max={ORDER_QTY_MAX}
                    precision={0}
                    value={l.quantity}
                    onChange={(v) => setLine(l.key, { quantity: typeof v === 'number' ? v : 1 })}
                  />
                  <Button disabled tabIndex={-1}>
                    {l.itemId ? byId.get(l.itemId)?.unit : '—'}
                  </Button>
                </Space.Compact>
              ),
            },
            {
              title: '单价',
              key: 'price',
              width: 110,
              render: (_, l) => (l.itemId && byId.has(l.itemId) ? `¥${formatYuan(byId.get(l.itemId)!.price)}` : '—'),
            },
            {
              title: '金额',
              key: 'amount',
              width: 120,
              render: (_, l) =>
                l.itemId && byId.has(l.itemId) ? `¥${formatYuan(byId.get(l.itemId)!.price * l.quantity)}` : '—',
            },
            {
              title: '操作',
              key: 'op',
              width: 70,
              render: (_, l) => (
                <Button
                  type="link"
                  danger
                  aria-label="移除"
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    touch();
                    setLines((ls) => ls.filter((x) => x.key !== l.key));
                  }}
                />
              ),
            },
          ]}
        />
        <Space style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }}>
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={lines.length >= ORDER_LINES_MAX}
            onClick={() => {
              touch();
              setLines((ls) => [...ls, { key: nextKey++, quantity: 1 }]);
            }}
          >
            添加{family.item}
          </Button>
          <Typography.Text strong>合计：¥{formatYuan(total)}</Typography.Text>
        </Space>
      </Form.Item>
      <Form.Item label="备注" validateStatus={errors.remark ? 'error' : undefined} help={errors.remark}>
        <Input.TextArea
          aria-label="备注"
          rows={2}
          maxLength={200}
          showCount
          value={remark}
          onChange={(e) => {
            touch();
            setRemark(e.target.value);
          }}
        />
      </Form.Item>
      {!order && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="单价按提交时的总部供货价计算；提交后由总部审核，审核前提交人可修改或撤回。"
        />
      )}
      <Space>
        <Button type="primary" loading={saving} onClick={save}>
          {order ? '保存修改' : '提交订单'}
        </Button>
        <Button
          onClick={async () => {
            if (await confirmLeave(dirty)) onCancel();
          }}
        >
          取消
        </Button>
      </Space>
    </Form>
  );
}
