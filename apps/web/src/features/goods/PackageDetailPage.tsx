/** /packageDetail (套餐详情): one package, its projects and sessions, and what they cost one by one. */
import { PROJECT_PACKAGE } from '@zb/contract/entities/projectPackage';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { PackageProjectsInput } from './BundleRowsInput';

const INPUTS = { projects: PackageProjectsInput };

export default function PackageDetailPage() {
  return <ResourceDetailPage decl={PROJECT_PACKAGE} inputs={INPUTS} />;
}
