/**
 * /blacklistAdmin (黑名单管理): members, phones and POS devices that may not open cards (nor claim
 * real cards) nor draw on cards, each with its reason, who added it and when, and an optional
 * last day, on the resource engine. Every refusal names the reason.
 */
import { BLACKLIST } from '@zb/contract/entities/security';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function BlacklistAdminPage() {
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="列入黑名单的会员、手机号或设备不能开卡、领取实体卡和划卡，系统拒绝时会提示加入黑名单的原因；到截止日期后自动失效，删除即解除。"
      />
      <ResourceListPage decl={BLACKLIST} />
    </>
  );
}
