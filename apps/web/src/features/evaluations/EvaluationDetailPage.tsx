/** /evaluationDetailList?id=N (评价明细): one evaluation whole, with its reply and handling. */
import { Card, Result } from 'antd';
import { useLocation } from 'react-router';
import { idOfSearch } from '../../platform/navigation';
import { EvaluationView } from './EvaluationView';

export default function EvaluationDetailPage() {
  const id = idOfSearch(useLocation().search);
  if (id === null) return <Result status="404" subTitle="请从评价列表打开评价明细" />;
  return (
    <Card>
      <EvaluationView id={id} />
    </Card>
  );
}
