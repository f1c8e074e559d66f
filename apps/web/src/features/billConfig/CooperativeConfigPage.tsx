/**
 * /cooperativeConfig (门店订货配置): per franchise store, which goods it may order from head office
 * and at which price tier, on the resource engine. Store orders obey it (the server refuses goods
 * outside the list and prices at the tier); /orderConfiguration's rules per order kind still apply.
 */
import { COOP_PRICE_TIERS, COOPERATIVE_CONFIG } from '@zb/contract/entities/cooperativeConfig';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

const TIERS = COOP_PRICE_TIERS.map((t) => t.label).join('、');

export default function CooperativeConfigPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`加盟店订购商品（零售商品、美业产品）时按本配置：只能订可订商品，单价 = 成本价 × 价格档位（${TIERS}）。未配置或已停用的加盟店按成本价订购全部在售商品；订货日、起订金额等仍按「订货配置」。`}
      />
      <ResourceListPage decl={COOPERATIVE_CONFIG} />
    </>
  );
}
