/** /hierarchicalRoles (层级角色): one tab per box, each the box's roles. */
import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Spin, Tabs } from 'antd';
import { HIER_KEYS, hierApi } from './api';
import { RolesTable } from './RolesTable';
import { HQ_ONLY_TEXT, useIsHq } from './useHqOnly';

export default function HierarchicalRolesPage() {
  const isHq = useIsHq();
  const boxes = useQuery({ queryKey: HIER_KEYS.boxes, queryFn: hierApi.boxes, enabled: isHq });
  if (!isHq) return <Result status="403" title="无权限" subTitle={HQ_ONLY_TEXT} />;
  if (boxes.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!boxes.data?.length) return <Empty description="暂无层级，请先在“层级架构”中新增层级" />;
  return (
    <Tabs
      destroyOnHidden
      items={boxes.data.map((b) => ({
        key: String(b.id),
        label: `${b.name}（${b.levelName}）`,
        children: <RolesTable box={b} />,
      }))}
    />
  );
}
