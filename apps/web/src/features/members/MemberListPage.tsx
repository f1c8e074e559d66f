/** /memberList (会员列表): members on the resource engine, limited to the user's data scope by the server. */
import { MEMBER } from '@zb/contract/entities/member';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { MEMBER_INPUTS } from './memberInputs';

export default function MemberListPage() {
  return <ResourceListPage decl={MEMBER} inputs={MEMBER_INPUTS} />;
}
