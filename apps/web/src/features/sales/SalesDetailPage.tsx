/**
 * /salesDetail (折扣方案详情): the plan (read, edited while 草稿/已驳回, or created), its steps, the
 * result panel (成交单数, 成交件数, 成交金额, 让利金额) and the bill lines it priced.
 */
import { SALE, SALE_API, SALE_USE } from '@zb/contract/entities/sale';
import { CampaignResults } from '../../platform/campaign/CampaignResults';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { SALE_WORDS } from './SaleActions';
import { SALE_INPUTS } from './saleInputs';

const FIGURES = [
  { key: 'bills', label: '成交单数' },
  { key: 'quantity', label: '成交件数' },
  { key: 'revenue', label: '成交金额', money: true },
  { key: 'discount', label: '让利金额', money: true },
];
const RECORDS = { decl: SALE_USE, filter: 'saleId', title: '销售记录', emptyText: '暂无按本方案计价的收银单' };

const below = (id: number) => (
  <CampaignResults
    id={id}
    decl={SALE}
    api={SALE_API}
    words={SALE_WORDS}
    title="活动效果"
    figures={FIGURES}
    records={RECORDS}
  />
);

export default function SalesDetailPage() {
  return <ResourceDetailPage decl={SALE} inputs={SALE_INPUTS} below={below} />;
}
