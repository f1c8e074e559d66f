/** /userIntention (意向记录) opened on its own with `?memberId=` (or `?id=`): the member's 意向金, as in their file's tab. */
import { Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { UserIntention } from './UserIntention';

export default function UserIntentionPage() {
  const [params] = useSearchParams();
  const raw = params.get('memberId') ?? params.get('id');
  const memberId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return memberId ? <UserIntention memberId={memberId} /> : <Empty description="请从会员详情打开意向记录" />;
}
