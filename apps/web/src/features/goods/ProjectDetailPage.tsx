/** /projectDetail (项目详情): one project, with its sub-type under its type and what a session consumes. */
import { PROJECT } from '@zb/contract/entities/project';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { ProjectProductsInput } from './ProjectProductsInput';
import { SubTypeSelect } from './SubTypeSelect';

const INPUTS = { subTypeId: SubTypeSelect, products: ProjectProductsInput };

export default function ProjectDetailPage() {
  return <ResourceDetailPage decl={PROJECT} inputs={INPUTS} />;
}
