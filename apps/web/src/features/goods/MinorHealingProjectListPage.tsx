/** /minorHealingProjectList (小疗程项目): courses of N sessions of one project, edited in a drawer, batch 上架/下架. */
import { MINOR_COURSE } from '@zb/contract/entities/minorCourse';
import './api';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { OnSaleProjectSelect } from './GoodsSelect';

const INPUTS = { projectId: OnSaleProjectSelect };

export default function MinorHealingProjectListPage() {
  return <ResourceListPage decl={MINOR_COURSE} inputs={INPUTS} />;
}
