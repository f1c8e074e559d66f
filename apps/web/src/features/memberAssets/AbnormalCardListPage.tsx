/**
 * /abnormalCardList 异常卡: the declared report ABNORMAL_CARDS (the rule broken, its evidence), and a
 * card's handling panel in a drawer when the address names the card (a 卡号 cell drills to
 * ?memberCardId=…, as the approval center's link does).
 */
import { ABNORMAL_CARDS } from '@zb/contract/reports/memberAssets';
import { Drawer } from 'antd';
import { useSearchParams } from 'react-router';
import { ReportView } from '../../platform/report/ReportView';
import { CardHandlingPanel } from './CardHandlingPanel';

export default function AbnormalCardListPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('memberCardId'));
  const open = Number.isInteger(id) && id > 0;
  return (
    <>
      <ReportView decl={ABNORMAL_CARDS} />
      <Drawer
        title="异常卡处理"
        width={860}
        open={open}
        destroyOnHidden
        onClose={() => {
          const next = new URLSearchParams(params);
          next.delete('memberCardId');
          setParams(next);
        }}
      >
        {open && <CardHandlingPanel memberCardId={id} />}
      </Drawer>
    </>
  );
}
