/**
 * A plan's detail below its form (platform/campaign): its result panel — the figures the list also
 * shows, read with the plan — with its steps, and the records it made (a read-only resource under
 * the plan's id).
 */
import { useQuery } from '@tanstack/react-query';
import type { CampaignStepsApi } from '@zb/contract/entities/campaign';
import type { ResourceApi } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { Card, Col, Row, Statistic } from 'antd';
import { call } from '../http';
import { formatFen } from '../money';
import { resourceKey } from '../queryClient';
import { ResourceSubTable } from '../resource/ResourceSubTable';
import { CampaignActions, type CampaignWords } from './CampaignActions';

export interface CampaignFigure {
  key: string;
  label: string;
  money?: boolean;
}

export function CampaignResults({
  id,
  decl,
  api,
  words,
  title,
  figures,
  records,
}: {
  id: number;
  decl: AnyResource;
  api: Pick<ResourceApi, 'detail'> & Pick<CampaignStepsApi, 'submit' | 'disable'>;
  words: CampaignWords;
  title: string;
  figures: readonly CampaignFigure[];
  records: { decl: AnyResource; filter: string; title: string; emptyText: string };
}) {
  const plan = useQuery({
    queryKey: [...resourceKey(decl), 'detail', id],
    queryFn: () => call(api.detail, { params: { id } }),
  });
  const p = plan.data;
  return (
    <>
      {p && (
        <Card
          size="small"
          style={{ marginTop: 16 }}
          title={title}
          extra={
            <CampaignActions
              decl={decl}
              api={api}
              words={words}
              row={{ id, name: String(p.name), status: String(p.status) }}
            />
          }
        >
          <Row gutter={16}>
            {figures.map((f) => (
              <Col key={f.key} span={Math.floor(24 / figures.length)}>
                <Statistic title={f.label} value={f.money ? formatFen(Number(p[f.key] ?? 0)) : Number(p[f.key] ?? 0)} />
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Card size="small" style={{ marginTop: 16 }} title={records.title}>
        <ResourceSubTable
          decl={records.decl}
          filters={{ [records.filter]: String(id) }}
          emptyText={records.emptyText}
        />
      </Card>
    </>
  );
}
