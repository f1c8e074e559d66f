/** /personalAccount (会员详情): the member's file on the resource engine, their cards and bills below. */
import { MEMBER } from '@zb/contract/entities/member';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { MemberAccount } from './MemberAccount';
import { MEMBER_INPUTS } from './memberInputs';

const accountOf = (id: number) => <MemberAccount memberId={id} />;

export default function PersonalAccountPage() {
  return <ResourceDetailPage decl={MEMBER} inputs={MEMBER_INPUTS} below={accountOf} />;
}
