/** /salesList (折扣方案): the plans on the resource engine, with 提交审核 and 停用 per row. */
import { SALE } from '@zb/contract/entities/sale';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { SaleActions } from './SaleActions';
import { SALE_INPUTS } from './saleInputs';

export default function SalesListPage() {
  return (
    <ResourceListPage
      decl={SALE}
      inputs={SALE_INPUTS}
      rowActions={(row) => (
        <SaleActions compact row={{ id: row.id, name: String(row.name), status: String(row.status) }} />
      )}
    />
  );
}
