/**
 * 赠送 on /bossGiftActDetail: a store boss picks one of their stores in the activity (its budget
 * left beside it), a gift, how many, and the members' phones (one a line); the server counts it
 * against the budget and each member's limit, and issues the coupons — all or none.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  BOSS_GIFT_ACT,
  BOSS_GIFT_API,
  BOSS_GIFT_COUNT_MAX,
  BOSS_GIFT_RECORD,
  type BossGiftItemRow,
} from '@zb/contract/entities/bossGift';
import { App, Button, Card, Form, Input, InputNumber, Select, Typography } from 'antd';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { useCan } from '../../platform/permissions';
import { resourceKey } from '../../platform/queryClient';

interface Values {
  storeId?: number;
  couponTemplateId?: number;
  count: number;
  phones?: string;
  remark?: string;
}

export function GiveForm({ actId, items, status }: { actId: number; items: BossGiftItemRow[]; status: string }) {
  const can = useCan(buttonCodeOf('/bossGiftActList', 'add'));
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const budgets = useQuery({
    queryKey: [...resourceKey(BOSS_GIFT_ACT), 'budgets', actId],
    queryFn: () => call(BOSS_GIFT_API.budgets, { query: { actId } }),
    enabled: can && status === 'active',
  });
  const coupons = useQuery({
    queryKey: [...resourceKey(BOSS_GIFT_ACT), 'coupons'],
    queryFn: () => call(BOSS_GIFT_API.coupons),
    enabled: can && status === 'active',
  });
  if (!can || status !== 'active') return null;
  const nameOf = (id: number) => coupons.data?.find((c) => c.id === id)?.name ?? `优惠券 ${id}`;
  const submit = async (v: Values) => {
    const phones = (v.phones ?? '')
      .split(/[\s,，;；]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    try {
      const r = await call(BOSS_GIFT_API.give, {
        body: {
          actId,
          storeId: v.storeId!,
          couponTemplateId: v.couponTemplateId!,
          count: v.count,
          phones,
          remark: v.remark?.trim() || undefined,
        },
      });
      void message.success(`已赠送 ${r.members} 位会员共 ${r.coupons} 张，门店剩余预算 ${formatFen(r.budgetLeft)}`);
      form.resetFields(['phones', 'remark']);
    } catch {
      // The refusal was alerted by the http layer.
    }
    await queryClient.invalidateQueries({ queryKey: resourceKey(BOSS_GIFT_ACT) });
    await queryClient.invalidateQueries({ queryKey: resourceKey(BOSS_GIFT_RECORD) });
  };
  return (
    <Card size="small" style={{ marginTop: 16 }} title="赠送">
      <Form<Values> form={form} layout="inline" initialValues={{ count: 1 }} onFinish={submit} style={{ rowGap: 12 }}>
        <Form.Item name="storeId" label="门店" rules={[{ required: true, message: '请选择门店' }]}>
          <Select
            style={{ width: 260 }}
            placeholder="请选择门店"
            loading={budgets.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="您的数据范围内没有参与本活动的门店"
            options={(budgets.data ?? []).map((b) => ({
              value: b.storeId,
              label: `${b.storeName}（剩余 ${formatFen(b.left)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="couponTemplateId" label="赠品" rules={[{ required: true, message: '请选择赠品' }]}>
          <Select
            style={{ width: 240 }}
            placeholder="请选择赠品"
            options={items.map((i) => ({
              value: i.couponTemplateId,
              label: `${nameOf(i.couponTemplateId)}（${formatFen(i.value)}/张）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="count" label="张数" rules={[{ required: true, message: '请填写张数' }]}>
          <InputNumber min={1} max={BOSS_GIFT_COUNT_MAX} precision={0} />
        </Form.Item>
        <Form.Item
          name="phones"
          label="会员手机号"
          rules={[{ required: true, message: '请填写会员手机号' }]}
          style={{ width: '100%' }}
        >
          <Input.TextArea rows={3} placeholder="每行一个手机号，也可用逗号分隔" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={100} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            赠送
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">赠送计入门店预算；同一会员在本活动中受赠张数有上限。</Typography.Text>
    </Card>
  );
}
