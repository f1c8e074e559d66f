/** /projectList (项目列表): projects on the resource engine, with batch 上架/下架. */
import { PROJECT } from '@zb/contract/entities/project';
import './api';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ProjectListPage() {
  return <ResourceListPage decl={PROJECT} />;
}
