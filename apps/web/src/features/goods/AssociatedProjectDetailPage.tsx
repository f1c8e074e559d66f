/** /associatedProjectDetail (关联项目详情): a stored-value card, a project, and the discount it pays at. */
import { CARD_PROJECT_DISCOUNT } from '@zb/contract/entities/cardProjectDiscount';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { DiscountInput } from './DiscountInput';
import { ProjectSelect, StoredCardSelect } from './GoodsSelect';

const INPUTS = { cardId: StoredCardSelect, projectId: ProjectSelect, discount: DiscountInput };

export default function AssociatedProjectDetailPage() {
  return <ResourceDetailPage decl={CARD_PROJECT_DISCOUNT} inputs={INPUTS} />;
}
