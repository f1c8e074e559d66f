/** /basicProps (基础属性): the lookup lists on the resource engine, with the parent picker of sub-types. */
import { MASTER_ITEM } from '@zb/contract/entities/masterItem';
import { LOOKUP_KEY } from '../../platform/inputs/lookups';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { relateQueries } from '../../platform/resource/useResourceActions';
import { ParentItemSelect } from './ParentItemSelect';

const INPUTS = { parentId: ParentItemSelect };

// Every lookup select reads these items: a change here shows in them without signing in again.
relateQueries(MASTER_ITEM, [[LOOKUP_KEY]]);

export default function BasicPropsPage() {
  return <ResourceListPage decl={MASTER_ITEM} inputs={INPUTS} />;
}
