/** /associatedProjectList (关联项目): which projects each stored-value card pays for, at what discount. */
import { CARD_PROJECT_DISCOUNT } from '@zb/contract/entities/cardProjectDiscount';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function AssociatedProjectListPage() {
  return <ResourceListPage decl={CARD_PROJECT_DISCOUNT} />;
}
