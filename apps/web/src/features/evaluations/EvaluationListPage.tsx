/** /evaluationList (评价列表): every evaluation in the caller's stores; a row opens /evaluationDetailList. */
import { EVALUATION } from '@zb/contract/entities/evaluation';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function EvaluationListPage() {
  return <ResourceListPage decl={EVALUATION} />;
}
