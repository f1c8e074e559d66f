/**
 * /activityList (营销活动) on the resource engine: search by code, name, kind, status, card and
 * period; 导出; 删除 (草稿 and 已驳回). 新增实体卡活动 for a user with 新增; in each row 编辑 while
 * the state allows it, 审核 (opens the detail) for an approver of a 待审核 activity, and 下载二维码
 * once approved.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActivityStatus, MARKETING_ACTIVITY } from '@zb/contract/entities/marketingActivity';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useButtons } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { ACTIVITY_BUTTONS, abilitiesOf, zipNameOf } from './activityRules';
import { downloadQrPack } from './api';

export default function ActivityListPage() {
  const navigate = useNavigate();
  const can = useButtons();
  return (
    <ResourceListPage
      decl={MARKETING_ACTIVITY}
      toolbar={
        can(ACTIVITY_BUTTONS.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/activityDetail?create=1')}>
            新增实体卡活动
          </Button>
        )
      }
      rowActions={(row: RowOf<typeof MARKETING_ACTIVITY>) => {
        const may = abilitiesOf(row.status as ActivityStatus, can);
        return (
          <>
            {may.edit && (
              <Button type="link" size="small" onClick={() => navigate(`/activityDetail?id=${row.id}&edit=1`)}>
                编辑
              </Button>
            )}
            {(may.steps.includes('approve') || may.steps.includes('reject')) && (
              <Button type="link" size="small" onClick={() => navigate(`/activityDetail?id=${row.id}`)}>
                审核
              </Button>
            )}
            {may.download && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void downloadQrPack(row.id, zipNameOf({ code: String(row.code), name: String(row.name) }))
                }
              >
                下载二维码
              </Button>
            )}
          </>
        );
      }}
    />
  );
}
