/** The sharing tree of a 裂变活动: each first sharer, the friends who registered through them, and on. */
import { useQuery } from '@tanstack/react-query';
import { FISSION_ACT, FISSION_API, type FissionTreeNode } from '@zb/contract/entities/fission';
import { Card, Empty, Tree, type TreeDataNode, Typography } from 'antd';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';

const toData = (n: FissionTreeNode, path: string): TreeDataNode => ({
  key: `${path}/${n.memberId}`,
  title: `${n.name}（${n.phone}）${n.invited ? ` · 邀请 ${n.invited} 人` : ''}`,
  children: n.children.map((c) => toData(c, `${path}/${n.memberId}`)),
});

export function FissionTreeCard({ actId }: { actId: number }) {
  const tree = useQuery({
    queryKey: [...resourceKey(FISSION_ACT), 'tree', actId],
    queryFn: () => call(FISSION_API.tree, { query: { actId } }),
  });
  const roots = tree.data?.roots ?? [];
  return (
    <Card size="small" style={{ marginTop: 16 }} title="分享树" loading={tree.isPending}>
      {roots.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无好友通过分享注册" />
      ) : (
        <>
          <Tree
            aria-label="分享树"
            defaultExpandAll
            showLine
            selectable={false}
            treeData={roots.map((r) => toData(r, ''))}
          />
          {!!tree.data?.omitted && (
            <Typography.Text type="secondary">
              另有 {tree.data.omitted} 位好友未显示，请在注册记录中查看
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}
