/**
 * A 推广方案's steps beside 查看/编辑: 提交审核 (a 草稿 or 已驳回 plan, the 编辑 button) opens an
 * application in the approval center; 停用 (a 进行中 plan, the 审核 button) stops referrals. Both
 * confirm first; the lists and the detail are read again after.
 */
import { useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { PROMOTION, PROMOTION_API, PROMOTION_EDITABLE, type PromotionStatus } from '@zb/contract/entities/promotion';
import { App, Button, Space } from 'antd';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { resourceKey } from '../../platform/queryClient';

export function PromotionActions({
  row,
  compact,
}: {
  row: { id: number; name: string; status: string };
  compact?: boolean;
}) {
  const canSubmit = useCan(buttonCodeOf('/promotionList', 'edit'));
  const canDisable = useCan(buttonCodeOf('/promotionList', 'audit'));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const status = row.status as PromotionStatus;
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(PROMOTION) });
  const step = async (question: string, run: () => Promise<unknown>, done: string) => {
    if (!(await confirm(question))) return;
    try {
      await run();
      void message.success(done);
    } catch {
      // The refusal was alerted by the http layer.
    }
    await refresh();
  };
  const type = compact ? 'link' : 'default';
  const size = compact ? 'small' : 'middle';
  return (
    <Space size={compact ? 0 : 8}>
      {canSubmit && PROMOTION_EDITABLE.includes(status) && (
        <Button
          type={type}
          size={size}
          onClick={() =>
            step(
              `将推广方案「${row.name}」提交到审批中心审核？审核通过后开始接受推荐。`,
              () => call(PROMOTION_API.submit, { body: { id: row.id } }),
              '已提交审核，请在审批中心处理',
            )
          }
        >
          提交审核
        </Button>
      )}
      {canDisable && status === 'active' && (
        <Button
          type={type}
          size={size}
          danger
          onClick={() =>
            step(
              `停用推广方案「${row.name}」？停用后不再接受新的推荐，已登记的推荐仍按规则奖励。`,
              () => call(PROMOTION_API.disable, { body: { id: row.id } }),
              '推广方案已停用',
            )
          }
        >
          停用
        </Button>
      )}
    </Space>
  );
}
