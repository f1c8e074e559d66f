/** /advanceVerification (提前核销): which projects and cards may be verified early, by how many days, where. */
import { ADVANCE_VERIFICATION } from '@zb/contract/entities/advanceVerification';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { GoodsRefSelect } from './GoodsRefSelect';

const INPUTS = { goodsId: GoodsRefSelect };

export default function AdvanceVerificationPage() {
  return <ResourceListPage decl={ADVANCE_VERIFICATION} inputs={INPUTS} />;
}
