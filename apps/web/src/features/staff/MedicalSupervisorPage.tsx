/** /medicalSupervisor (医务监督): the staff with the 医务监督 flag, on the resource engine; the server limits it to the user's data scope. */
import { MEDICAL_SUPERVISOR } from '@zb/contract/entities/staff';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { STAFF_INPUTS } from './staffInputs';

export default function MedicalSupervisorPage() {
  return <ResourceListPage decl={MEDICAL_SUPERVISOR} inputs={STAFF_INPUTS} />;
}
