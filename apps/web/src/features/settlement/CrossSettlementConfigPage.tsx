/**
 * /crossSettlementConfig (跨店结算配置): the settlement rules on the resource engine — a default
 * rule and overrides by issuing store, serving store and card kind, each from an effective month.
 * The most specific rule in effect applies to a draw (contract entities/settlement.ts).
 */
import { SETTLEMENT_RULE } from '@zb/contract/entities/settlement';
import { Typography } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { StoreSelect } from './inputs';

const INPUTS = { issuingStoreId: StoreSelect, servingStoreId: StoreSelect };

export default function CrossSettlementConfigPage() {
  return (
    <>
      <Typography.Paragraph type="secondary">
        卡在 A 店开卡、在 B 店消费时，A 店按服务金额乘以结算比例付给 B
        店。同一笔消费适用最具体的规则（开卡门店与消费门店都指定 &gt; 仅开卡门店 &gt; 仅消费门店 &gt;
        默认规则，指定卡类型者优先），同样具体时取生效月份最近的一条。
      </Typography.Paragraph>
      <ResourceListPage decl={SETTLEMENT_RULE} inputs={INPUTS} />
    </>
  );
}
