/** /accountDetail (账号详情): one account, read, edited or created on the resource engine. */
import { ACCOUNT } from '@zb/contract/entities/account';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';

export default function AccountDetailPage() {
  return <ResourceDetailPage decl={ACCOUNT} />;
}
