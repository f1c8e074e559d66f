/**
 * /useCardLimit (用卡限制): the most draws, amount and stores per card per day — the chain's
 * default and the overrides of a store or a card product — on the resource engine. The card
 * ledger refuses a bill past the rule that applies to a card it draws, the whole bill with it.
 */
import { USE_CARD_LIMIT } from '@zb/contract/entities/security';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function UseCardLimitPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="每张会员卡按北京时间每天计：划卡单数、划卡金额合计与划卡门店数。指定卡项的规则优先，其次售卡门店的规则，最后是全部门店的默认规则；超出限制的收银单整单拒收，修改后下一笔即生效。"
      />
      <ResourceListPage decl={USE_CARD_LIMIT} />
    </>
  );
}
