/**
 * /signBill (店长签单额度): each store manager's monthly 签单 quota with what is signed and left
 * this month (Beijing time), on the resource engine, in the caller's data scope. A 签单 payment
 * past what is left is refused whole by the bill service; a refunded 签单 gives its amount back.
 */
import { SIGN_QUOTA } from '@zb/contract/entities/billConfig';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function SignBillPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="签单额度按自然月（北京时间）计算：本月已签 = 本月签单金额 − 已退款金额。超出剩余额度的签单，收银时整单拒收。"
      />
      <ResourceListPage decl={SIGN_QUOTA} />
    </>
  );
}
