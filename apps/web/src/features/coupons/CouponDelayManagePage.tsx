/**
 * /couponDelayManage (优惠券延期): the coupons issued (search by number, template, member phone,
 * state, expiry; 批量作废 of unused ones), 申请延期 of coupons by their numbers with days and a
 * reason — an application in the approval center, the coupons extended when it is approved —
 * and the applications with their state.
 */
import { COUPON_DELAY_STATUSES, MEMBER_COUPON } from '@zb/contract/entities/coupon';
import type { RowOf } from '@zb/contract/resource/define';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/apiError';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { applyCouponDelay, splitList, useCouponDelays, useRefreshCoupons } from './api';

function DelayDialog({ initial, onClose }: { initial: string; onClose: () => void }) {
  const [nos, setNos] = useState(initial);
  const [days, setDays] = useState<number | null>(30);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshCoupons();
  const submit = async () => {
    const couponNos = splitList(nos);
    if (couponNos.length === 0) return setError('请填写要延期的券号');
    if (!days) return setError('请输入延期天数');
    if (!reason.trim()) return setError('请填写延期原因');
    setBusy(true);
    try {
      await applyCouponDelay({ couponNos, days, reason: reason.trim() });
      await refresh();
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="申请优惠券延期" okText="提交审批" confirmLoading={busy} onOk={submit} onCancel={onClose}>
      <Form layout="vertical">
        <Form.Item label="券号" help="每行一个，或用逗号分隔；只有未使用的券可以延期">
          <Input.TextArea aria-label="券号" rows={5} value={nos} onChange={(e) => setNos(e.target.value)} />
        </Form.Item>
        <Form.Item label="延期天数">
          <InputNumber aria-label="延期天数" min={1} max={365} value={days} onChange={setDays} />
        </Form.Item>
        <Form.Item label="延期原因">
          <Input.TextArea
            aria-label="延期原因"
            rows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}

function DelayApplications() {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const q = useCouponDelays(page);
  return (
    <Card size="small" title="延期申请" style={{ marginTop: 16 }}>
      <Table
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '暂无延期申请' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '审批编号', dataIndex: 'spNo', width: 170 },
          { title: '张数', dataIndex: 'count', width: 70 },
          { title: '延期天数', dataIndex: 'days', width: 90 },
          { title: '原因', dataIndex: 'reason' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: string) => {
              const o = COUPON_DELAY_STATUSES.find((x) => x.value === s);
              return <Tag color={o?.color}>{o?.label ?? s}</Tag>;
            },
          },
          { title: '申请人', dataIndex: 'createdByName', width: 100 },
          { title: '申请时间', dataIndex: 'createdAt', width: 170 },
        ]}
      />
    </Card>
  );
}

export default function CouponDelayManagePage() {
  const [delaying, setDelaying] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage
        decl={MEMBER_COUPON}
        toolbar={
          <Button type="primary" onClick={() => setDelaying('')}>
            申请延期
          </Button>
        }
        rowActions={(row: RowOf<typeof MEMBER_COUPON>) =>
          row.status === 'unused' && (
            <Button type="link" size="small" onClick={() => setDelaying(String(row.couponNo))}>
              延期
            </Button>
          )
        }
      />
      <DelayApplications />
      {delaying !== null && <DelayDialog initial={delaying} onClose={() => setDelaying(null)} />}
    </>
  );
}
