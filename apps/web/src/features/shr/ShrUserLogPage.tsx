/**
 * /shrUserLog (SHR同步日志): every sync run with its counts (同步记录) and every person a run
 * created, updated, marked left, skipped or failed with what changed (变更明细). 查看明细 on a
 * run opens its changes; both export through the download centre.
 */
import { SHR_CHANGE, SHR_RUN } from '@zb/contract/entities/shr';
import { Button, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ShrUserLogPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tab = search.get('tab') === 'changes' ? 'changes' : 'runs';
  return (
    <Tabs
      destroyOnHidden
      activeKey={tab}
      onChange={(key) => navigate(`?tab=${key}`)}
      items={[
        {
          key: 'runs',
          label: '同步记录',
          children: (
            <ResourceListPage
              decl={SHR_RUN}
              readOnly
              rowActions={(row) => (
                <Button type="link" size="small" onClick={() => navigate(`?tab=changes&runId=${row.id}`)}>
                  查看明细
                </Button>
              )}
            />
          ),
        },
        { key: 'changes', label: '变更明细', children: <ResourceListPage decl={SHR_CHANGE} readOnly /> },
      ]}
    />
  );
}
