/** /increaseHairStaff (增发师管理): the staff with the 增发师 flag, on the resource engine; the server limits it to the user's data scope. */
import { HAIR_GROWTH_STAFF } from '@zb/contract/entities/staff';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { STAFF_INPUTS } from './staffInputs';

export default function HairGrowthStaffPage() {
  return <ResourceListPage decl={HAIR_GROWTH_STAFF} inputs={STAFF_INPUTS} />;
}
