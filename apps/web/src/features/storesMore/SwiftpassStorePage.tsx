/** /swiftpassStore (威富通商户): each store's swiftpass merchant on the resource engine; the key is written, never shown. */
import { SWIFTPASS_API, SWIFTPASS_MERCHANT } from '@zb/contract/entities/swiftpass';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { SecretInput, StorePicker } from './inputs';

function StoreInput(props: CustomInputProps) {
  return <StorePicker endpoint={SWIFTPASS_API.stores} {...props} />;
}

const INPUTS = { storeId: StoreInput, signKey: SecretInput };

export default function SwiftpassStorePage() {
  return <ResourceListPage decl={SWIFTPASS_MERCHANT} inputs={INPUTS} />;
}
