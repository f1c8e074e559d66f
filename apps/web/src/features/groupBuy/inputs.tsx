/** The group-buy forms' controls: a store of the page's own call, a project or product, the write-only secret. */

import { GROUPBUY_API } from '@zb/contract/entities/groupBuy';
import { LookupInput } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

/** A select over one of the pages' pick calls (stores, projects, products). */
const PickInput = LookupInput;

export function DouyinStoreInput(props: CustomInputProps) {
  return <PickInput endpoint={GROUPBUY_API.douyinStores} placeholder="不绑定门店" {...props} />;
}
export function TplStoreInput(props: CustomInputProps) {
  return <PickInput endpoint={GROUPBUY_API.tplStores} placeholder="不绑定门店" {...props} />;
}
export function ProjectInput(props: CustomInputProps) {
  return <PickInput endpoint={GROUPBUY_API.projects} placeholder="请选择项目" {...props} />;
}
export function ProductInput(props: CustomInputProps) {
  return <PickInput endpoint={GROUPBUY_API.products} placeholder="请选择商品" {...props} />;
}
