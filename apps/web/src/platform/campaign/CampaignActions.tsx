/**
 * A head-office plan's steps beside 查看/编辑 (contract entities/campaign.ts): 提交审核 (a 草稿 or
 * 已驳回 plan, the page's 编辑 button) opens an application in the approval center; 停用 (a 进行中
 * plan, its 审核 button) stops it. Both confirm first; the plan's lists and details are read again after.
 */
import { useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { CAMPAIGN_EDITABLE, type CampaignStatus, type CampaignStepsApi } from '@zb/contract/entities/campaign';
import type { AnyResource } from '@zb/contract/resource/define';
import { App, Button, Space } from 'antd';
import { confirm } from '../alerts';
import { call } from '../http';
import { useCan } from '../permissions';
import { resourceKey } from '../queryClient';

export interface CampaignWords {
  /** What approval starts, e.g. 审核通过后开始接受推荐。 */
  starts: string;
  /** What 停用 means, e.g. 停用后不再接受新的推荐。 */
  stops: string;
}

export function CampaignActions({
  decl,
  api,
  words,
  row,
  compact,
}: {
  decl: AnyResource;
  api: Pick<CampaignStepsApi, 'submit' | 'disable'>;
  words: CampaignWords;
  row: { id: number; name: string; status: string };
  compact?: boolean;
}) {
  // The plan's buttons sit on its list page, or on the page its declaration names (an open list's detail).
  const buttonsPage = decl.buttons?.page ?? decl.page;
  const canSubmit = useCan(buttonCodeOf(buttonsPage, 'edit'));
  const canDisable = useCan(buttonCodeOf(buttonsPage, 'audit'));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const status = row.status as CampaignStatus;
  const step = async (question: string, run: () => Promise<unknown>, done: string) => {
    if (!(await confirm(question))) return;
    try {
      await run();
      void message.success(done);
    } catch {
      // The refusal was alerted by the http layer.
    }
    await queryClient.invalidateQueries({ queryKey: resourceKey(decl) });
  };
  const type = compact ? 'link' : 'default';
  const size = compact ? 'small' : 'middle';
  return (
    <Space size={compact ? 0 : 8}>
      {canSubmit && CAMPAIGN_EDITABLE.includes(status) && (
        <Button
          type={type}
          size={size}
          onClick={() =>
            step(
              `将${decl.title}「${row.name}」提交到审批中心审核？${words.starts}`,
              () => call(api.submit, { body: { id: row.id } }),
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
              `停用${decl.title}「${row.name}」？${words.stops}`,
              () => call(api.disable, { body: { id: row.id } }),
              `${decl.title}已停用`,
            )
          }
        >
          停用
        </Button>
      )}
    </Space>
  );
}
