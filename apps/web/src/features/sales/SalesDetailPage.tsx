/**
 * /salesDetail (折扣方案详情): the plan (read, edited while 草稿/已驳回, or created), its steps, the
 * result panel (成交单数, 成交件数, 成交金额, 让利金额) and the bill lines it priced.
 */
import { useQuery } from '@tanstack/react-query';
import { SALE, SALE_API, SALE_USE } from '@zb/contract/entities/sale';
import { Card, Col, Row, Statistic } from 'antd';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { resourceKey } from '../../platform/queryClient';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { ResourceSubTable } from '../../platform/resource/ResourceSubTable';
import { SaleActions } from './SaleActions';
import { SALE_INPUTS } from './saleInputs';

function Results({ id }: { id: number }) {
  const plan = useQuery({
    queryKey: [...resourceKey(SALE), 'detail', id],
    queryFn: () => call(SALE_API.detail, { params: { id } }),
  });
  const p = plan.data;
  return (
    <>
      {p && (
        <Card
          size="small"
          style={{ marginTop: 16 }}
          title="活动效果"
          extra={<SaleActions row={{ id, name: String(p.name), status: String(p.status) }} />}
        >
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title="成交单数" value={Number(p.bills ?? 0)} />
            </Col>
            <Col span={6}>
              <Statistic title="成交件数" value={Number(p.quantity ?? 0)} />
            </Col>
            <Col span={6}>
              <Statistic title="成交金额" value={formatFen(Number(p.revenue ?? 0))} />
            </Col>
            <Col span={6}>
              <Statistic title="让利金额" value={formatFen(Number(p.discount ?? 0))} />
            </Col>
          </Row>
        </Card>
      )}
      <Card size="small" style={{ marginTop: 16 }} title="销售记录">
        <ResourceSubTable decl={SALE_USE} filters={{ saleId: String(id) }} emptyText="暂无按本方案计价的收银单" />
      </Card>
    </>
  );
}

const below = (id: number) => <Results id={id} />;

export default function SalesDetailPage() {
  return <ResourceDetailPage decl={SALE} inputs={SALE_INPUTS} below={below} />;
}
