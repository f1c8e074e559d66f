/**
 * /crowdManagement (人群管理) on the resource engine: name, conditions in words, last count,
 * snapshots, creator, time; 新增人群 for a user with 新增; 编辑 opens the detail; 删除 asks first
 * (the engine's 确定删除？) and takes the crowd's snapshots with it; 导出.
 */
import { PlusOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { CROWD } from '@zb/contract/entities/crowd';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useButtons } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function CrowdListPage() {
  const navigate = useNavigate();
  const can = useButtons();
  return (
    <ResourceListPage
      decl={CROWD}
      toolbar={
        can(buttonCodeOf('/crowdManagement', 'add')) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/crowdDetail?create=1')}>
            新增人群
          </Button>
        )
      }
      rowActions={(row: RowOf<typeof CROWD>) =>
        can(buttonCodeOf('/crowdManagement', 'edit')) && (
          <Button type="link" size="small" onClick={() => navigate(`/crowdDetail?id=${row.id}`)}>
            编辑
          </Button>
        )
      }
    />
  );
}
