/** /projectConstraintsDetail (体验项目限制详情): one trial limit, edited with the page's 编辑 button. */
import { TRIAL_LIMIT } from '@zb/contract/entities/trialLimit';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { TrialProjectSelect } from './GoodsRefSelect';

const INPUTS = { projectId: TrialProjectSelect };

export default function ProjectConstraintsDetailPage() {
  return <ResourceDetailPage decl={TRIAL_LIMIT} inputs={INPUTS} />;
}
