/**
 * 积分兑换 (/creditsExchange), a tab of the member's file: their points now, their exchanges (the
 * declared view CREDITS_EXCHANGE_VIEW with the member's id fixed) and 兑换 — goods or a coupon by
 * name, a quantity and the points per piece, confirmed before it is sent; the server refuses more
 * than the member has (POINTS_SHORT), and a retried submission answers the first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCHANGE_ITEM_MAX,
  EXCHANGE_POINTS_MAX,
  EXCHANGE_QTY_MAX,
  POINTS_API,
  type PointsExchangeBody,
} from '@zb/contract/entities/points';
import { CREDITS_EXCHANGE_VIEW, POINTS_VIEW } from '@zb/contract/reports/points';
import { Button, Form, Input, InputNumber, Modal, Space, Statistic } from 'antd';
import { useState } from 'react';
import { confirm, showAlert } from '../../platform/alerts';
import { call } from '../../platform/http';
import { ReportView } from '../../platform/report/ReportView';
import { reportKey } from '../../platform/report/useReport';

type Fields = Omit<PointsExchangeBody, 'memberId' | 'requestKey'>;

const newKey = () => `ex-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The member's points now: the tab's head and the form's limit. */
export const pointsKey = (memberId: number) => ['memberAccount', 'points', memberId] as const;

export function CreditsExchange({ memberId }: { memberId: number }) {
  const queryClient = useQueryClient();
  const points = useQuery({
    queryKey: pointsKey(memberId),
    queryFn: () => call(POINTS_API.balance, { query: { memberId } }),
  });
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState(newKey);
  const [form] = Form.useForm<Fields>();
  const exchange = useMutation({
    mutationFn: (body: PointsExchangeBody) => call(POINTS_API.exchange, { body }),
    onSuccess: async (done) => {
      setOpen(false);
      form.resetFields();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsKey(memberId) }),
        queryClient.invalidateQueries({ queryKey: reportKey(CREDITS_EXCHANGE_VIEW) }),
        queryClient.invalidateQueries({ queryKey: reportKey(POINTS_VIEW) }),
      ]);
      void showAlert('success', `兑换成功（${done.exchangeNo}），扣除 ${done.points} 积分，剩余 ${done.balance} 积分`);
    },
  });
  const submit = async () => {
    // A field left wrong: the form shows why, nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const total = v.quantity * v.unitPoints;
    if (!(await confirm(`确定为该会员兑换「${v.itemName}」× ${v.quantity}，扣除 ${total} 积分？`))) return;
    exchange.mutate({ ...v, memberId, requestKey });
  };
  const balance = points.data?.balance ?? 0;
  return (
    <div>
      <Space size={48} style={{ marginBottom: 16 }} align="center">
        <Statistic title="可用积分" value={balance} loading={points.isPending} />
        <Statistic title="累计获得" value={points.data?.earned ?? 0} loading={points.isPending} />
        <Statistic title="累计使用" value={points.data?.spent ?? 0} loading={points.isPending} />
        <Statistic title="已过期" value={points.data?.expired ?? 0} loading={points.isPending} />
        <Button
          type="primary"
          onClick={() => {
            setRequestKey(newKey());
            setOpen(true);
          }}
        >
          兑换
        </Button>
      </Space>
      <ReportView decl={CREDITS_EXCHANGE_VIEW} fixed={{ memberId }} />
      <Modal
        title="积分兑换"
        open={open}
        okText="确定兑换"
        cancelText="取消"
        confirmLoading={exchange.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Fields> form={form} layout="vertical" initialValues={{ quantity: 1 }} preserve={false}>
          <Form.Item
            name="itemName"
            label="兑换物品"
            rules={[{ required: true, whitespace: true, message: '请填写兑换物品' }, { max: EXCHANGE_ITEM_MAX }]}
          >
            <Input placeholder="商品或优惠券名称" maxLength={EXCHANGE_ITEM_MAX} />
          </Form.Item>
          <Form.Item name="quantity" label="数量" rules={[{ required: true, message: '请填写兑换数量' }]}>
            <InputNumber min={1} max={EXCHANGE_QTY_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="unitPoints" label="单件所需积分" rules={[{ required: true, message: '请填写单件所需积分' }]}>
            <InputNumber min={1} max={EXCHANGE_POINTS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={100} rows={2} />
          </Form.Item>
          <div style={{ color: '#8c8c8c' }}>当前可用 {balance} 积分</div>
        </Form>
      </Modal>
    </div>
  );
}
