/** /basicProps (基础属性): the lookup lists on the resource engine, with the parent picker of sub-types. */
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { ParentItemSelect } from './ParentItemSelect';

const INPUTS = { parentId: ParentItemSelect };

export default function BasicPropsPage() {
  return <ResourceListPage decl={MASTER_ITEM} inputs={INPUTS} />;
}
