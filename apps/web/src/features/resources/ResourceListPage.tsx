/** /resourceList (资源管理): 资源 (names, tips, order of the menu) and 角色授权 (a role's resources). */
import { Tabs } from 'antd';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { ResourcesTab } from './ResourcesTab';
import { RoleAuthTab } from './RoleAuthTab';
import { parseResourceParams, type ResourcePageParams, type ResourceTabKey, resourceSearch } from './resourceQuery';

export default function ResourceListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => parseResourceParams(new URLSearchParams(search)), [search]);
  const go = useCallback(
    (next: ResourcePageParams) => navigate({ pathname, search: resourceSearch(next) }),
    [navigate, pathname],
  );
  const pickRole = async (roleId: number, dirty: boolean) => {
    if (roleId === params.roleId) return;
    if (dirty && !(await confirm('当前角色的授权尚未保存，确定放弃修改？'))) return;
    go({ tab: 'role', roleId });
  };

  return (
    <Tabs
      activeKey={params.tab}
      onChange={(tab) => go({ ...params, tab: tab as ResourceTabKey })}
      items={[
        { key: 'resource', label: '资源', children: <ResourcesTab /> },
        {
          key: 'role',
          label: '角色授权',
          children: <RoleAuthTab roleId={params.roleId} onPickRole={(id, dirty) => void pickRole(id, dirty)} />,
        },
      ]}
    />
  );
}
