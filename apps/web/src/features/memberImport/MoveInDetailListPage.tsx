/**
 * /moveInDetailList?id=N (迁入明细): the import's head with its progress, 撤销导入 (confirmed; the
 * server refuses once a card was drawn), 下载错误报告, and its rows (the report view, import fixed),
 * each row opening /moveInDetail.
 */

import { useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MEMBER_IMPORT_ROWS } from '@zb/contract/reports/memberImport';
import { App, Button, Card, Result, Space, Spin } from 'antd';
import { useLocation } from 'react-router';
import { useCan } from '../../platform/permissions';
import { ReportView } from '../../platform/report/ReportView';
import { downloadErrors, MEMBER_IMPORT_KEYS, rollbackMemberImport, useImportHeader } from './api';
import { ImportSummary } from './ImportSummary';

export const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export default function MoveInDetailListPage() {
  const { modal } = App.useApp();
  const id = idOf(new URLSearchParams(useLocation().search).get('id'));
  const canUndo = useCan(buttonCodeOf('/moveInList', 'audit'));
  const header = useImportHeader(id);
  const queryClient = useQueryClient();
  if (id === null) return <Result status="warning" title="请从迁入记录打开迁入明细" />;
  if (header.isLoading) return <Spin />;
  const h = header.data;
  if (!h) return <Result status="warning" title="迁入批次不存在或不在您的数据范围内" />;

  const undo = () =>
    modal.confirm({
      title: `确认撤销迁入批次 ${h.batchNo}？`,
      content: '本批次迁入的会员卡将以「迁出」流水清零并冻结，本批次新建的会员将被冻结。已有消费的批次不能撤销。',
      okText: '撤销导入',
      okButtonProps: { danger: true },
      onOk: async () => {
        await rollbackMemberImport(h.id);
        await queryClient.invalidateQueries({ queryKey: MEMBER_IMPORT_KEYS.header(h.id) });
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`迁入批次 ${h.batchNo}`}
        extra={
          <Space>
            {h.errorRows > 0 && <Button onClick={() => void downloadErrors(h)}>下载错误报告</Button>}
            {canUndo && (h.state === 'done' || h.state === 'failed') && (
              <Button danger onClick={undo}>
                撤销导入
              </Button>
            )}
          </Space>
        }
      >
        <ImportSummary h={h} />
      </Card>
      <Card size="small" title="明细">
        <ReportView
          key={`${h.id}:${h.state}:${h.processedRows}`}
          decl={MEMBER_IMPORT_ROWS}
          fixed={{ importId: h.id }}
          embedded
        />
      </Card>
    </Space>
  );
}
