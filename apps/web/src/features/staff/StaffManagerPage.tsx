/** /staffManager (员工列表), on the resource engine; the server limits it to the user's data scope. */
import { STAFF } from '@zb/contract/entities/staff';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { STAFF_INPUTS } from './staffInputs';

export default function StaffManagerPage() {
  return <ResourceListPage decl={STAFF} inputs={STAFF_INPUTS} />;
}
