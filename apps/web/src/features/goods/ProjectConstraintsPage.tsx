/**
 * /projectConstraints (体验项目限制): every trial project and how often one member may take it.
 * Open to any signed-in user; adding, changing and switching limits needs the 编辑 button of
 * /projectConstraintsDetail, where a row opens for whoever may open that page.
 */
import { TRIAL_LIMIT } from '@zb/contract/entities/trialLimit';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { TrialProjectSelect } from './GoodsRefSelect';

const INPUTS = { projectId: TrialProjectSelect };

export default function ProjectConstraintsPage() {
  return <ResourceListPage decl={TRIAL_LIMIT} inputs={INPUTS} />;
}
