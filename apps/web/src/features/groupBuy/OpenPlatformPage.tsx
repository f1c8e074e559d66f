/** /openPlatform (团购开放平台): each platform's app; the secret is written, never shown. */
import { GROUPBUY_APP } from '@zb/contract/entities/groupBuy';
import { SecretInput } from '../../platform/inputs/SecretInput';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

const INPUTS = { appSecret: SecretInput };

export default function OpenPlatformPage() {
  return <ResourceListPage decl={GROUPBUY_APP} inputs={INPUTS} />;
}
