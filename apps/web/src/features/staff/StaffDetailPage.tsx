/** /staffDetail (员工详情): one staff member, read, edited or created on the resource engine. */
import { STAFF } from '@zb/contract/entities/staff';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { STAFF_INPUTS } from './staffInputs';

export default function StaffDetailPage() {
  return <ResourceDetailPage decl={STAFF} inputs={STAFF_INPUTS} />;
}
