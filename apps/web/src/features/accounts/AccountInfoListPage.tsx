/** /accountInfoList (账号信息): every account and the systems it is open in; read-only, exportable. */
import { ACCOUNT_INFO } from '@zb/contract/entities/account';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function AccountInfoListPage() {
  return <ResourceListPage decl={ACCOUNT_INFO} readOnly />;
}
