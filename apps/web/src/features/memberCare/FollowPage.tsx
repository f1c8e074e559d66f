/**
 * /follow (跟进记录): the stores' follow-ups at SPEC's getMemberFollowUp on the resource engine —
 * filter by 状态 (待跟进, 已逾期, 已完成), 应跟进日期, 门店, 员工; a row opens getFollowUpById's
 * record. Opened from a member (`?memberId=`), the list is theirs and the stores' remarks on them
 * (getUserStoreRemark) show above it.
 */
import { useQuery } from '@tanstack/react-query';
import { FOLLOW_API, FOLLOW_UP, type StoreRemarkDto } from '@zb/contract/entities/memberCare';
import { formatDateTime } from '@zb/contract/time';
import { Card, List } from 'antd';
import { useSearchParams } from 'react-router';
import { call } from '../../platform/http';
import { callKey } from '../../platform/queryClient';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export function StoreRemarks({ memberId }: { memberId: number }) {
  const q = useQuery({
    queryKey: callKey(FOLLOW_UP, FOLLOW_API.storeRemark, memberId),
    queryFn: () => call(FOLLOW_API.storeRemark, { query: { userId: memberId } }),
  });
  return (
    <Card title="门店备注" size="small" style={{ marginBottom: 16 }}>
      <List<StoreRemarkDto>
        aria-label="门店备注"
        loading={q.isPending}
        dataSource={q.data ?? []}
        locale={{ emptyText: '暂无门店备注' }}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={`${r.storeName}${r.staffName ? ` · ${r.staffName}` : ''}`}
              description={formatDateTime(r.updatedAt)}
            />
            <div>{r.remark}</div>
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function FollowPage() {
  const [params] = useSearchParams();
  const raw = params.get('memberId');
  const memberId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return (
    <>
      {memberId && <StoreRemarks memberId={memberId} />}
      <ResourceListPage decl={FOLLOW_UP} readOnly />
    </>
  );
}
