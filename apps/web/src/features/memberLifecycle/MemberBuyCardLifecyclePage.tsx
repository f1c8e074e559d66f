/**
 * /memberBuyCardLiftcycle 会员购卡周期: the declared report (contract reports/memberLifecycle.ts) with
 * the way to its detail route /editMemberLifeCycle, where the stages it counts are defined.
 */
import { MEMBER_BUY_CARD_LIFECYCLE } from '@zb/contract/reports/memberLifecycle';
import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { ReportView } from '../../platform/report/ReportView';

export default function MemberBuyCardLifecyclePage() {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Link to="/editMemberLifeCycle">
        <Button>编辑生命周期</Button>
      </Link>
      <ReportView decl={MEMBER_BUY_CARD_LIFECYCLE} />
    </Space>
  );
}
