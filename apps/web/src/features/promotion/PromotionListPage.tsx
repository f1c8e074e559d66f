/** /promotionList (推广方案): the plans on the resource engine, with 提交审核 and 停用 per row. */
import { PROMOTION } from '@zb/contract/entities/promotion';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { PromotionActions } from './PromotionActions';
import { PROMOTION_INPUTS } from './promotionInputs';

export default function PromotionListPage() {
  return (
    <ResourceListPage
      decl={PROMOTION}
      inputs={PROMOTION_INPUTS}
      rowActions={(row) => (
        <PromotionActions compact row={{ id: row.id, name: String(row.name), status: String(row.status) }} />
      )}
    />
  );
}
