/**
 * /couponsManagement (优惠券管理) on the resource engine: the templates with their result figures
 * (已发放, 未使用, 已核销, 已过期, 优惠金额, 带动营收), the form (新增/编辑 while 草稿), and in each
 * row the steps the state and the user's buttons allow (提交审核, 审核通过, 驳回, 停用) and 发放.
 */
import {
  COUPON_TEMPLATE,
  COUPON_TEMPLATE_STEPS,
  type CouponTemplateStatus,
  type CouponTemplateStep,
} from '@zb/contract/entities/coupon';
import type { RowOf } from '@zb/contract/resource/define';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useButtons } from '../../platform/permissions';
import { RejectReasonModal } from '../../platform/RejectReasonModal';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { runTemplateStep, useRefreshCoupons } from './api';
import { mayIssue, stepsOf } from './couponRules';
import { IssueDialog } from './IssueDialog';

type Row = RowOf<typeof COUPON_TEMPLATE>;

export default function CouponsManagementPage() {
  const can = useButtons();
  const navigate = useNavigate();
  const refresh = useRefreshCoupons();
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);

  const step = async (s: CouponTemplateStep, row: Row) => {
    await runTemplateStep(s, row.id);
    await refresh();
  };

  return (
    <>
      <ResourceListPage
        decl={COUPON_TEMPLATE}
        toolbar={
          <>
            <Button onClick={() => navigate('/couponsResend')}>发放失败记录</Button>
            <Button onClick={() => navigate('/couponDelayManage')}>优惠券延期</Button>
          </>
        }
        rowActions={(row: Row) => (
          <>
            {stepsOf(row.status as CouponTemplateStatus, can).map((s) =>
              s === 'reject' ? (
                <Button key={s} type="link" size="small" danger onClick={() => setRejecting(row)}>
                  驳回
                </Button>
              ) : s === 'disable' ? (
                <Popconfirm
                  key={s}
                  title="停用后不能再发放，已发的券仍可使用到期，确定停用？"
                  onConfirm={() => step(s, row)}
                >
                  <Button type="link" size="small" danger>
                    停用
                  </Button>
                </Popconfirm>
              ) : (
                <Button key={s} type="link" size="small" onClick={() => void step(s, row)}>
                  {COUPON_TEMPLATE_STEPS[s].label}
                </Button>
              ),
            )}
            {mayIssue(row.status as CouponTemplateStatus, can) && (
              <Button type="link" size="small" onClick={() => setIssuing(row)}>
                发放
              </Button>
            )}
          </>
        )}
      />
      {issuing && (
        <IssueDialog template={{ id: issuing.id, name: String(issuing.name) }} onClose={() => setIssuing(null)} />
      )}
      {rejecting && (
        <RejectReasonModal
          title={`驳回优惠券「${String(rejecting.name)}」`}
          onOk={async (reason) => {
            await runTemplateStep('reject', rejecting.id, reason);
            await refresh();
            setRejecting(null);
          }}
          onCancel={() => setRejecting(null)}
        />
      )}
    </>
  );
}
