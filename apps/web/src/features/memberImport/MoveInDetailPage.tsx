/**
 * /moveInDetail?id=N (迁入详情): one row of an import — what the file said, its outcome and why,
 * the member and card it created (the member opens /personalAccount) and the card's ledger now.
 */

import { MEMBER_CARD_STATUSES } from '@zb/contract/entities/member';
import { MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_ROW_OUTCOMES } from '@zb/contract/entities/memberImport';
import { CARD_LEDGER_VIEW } from '@zb/contract/reports/memberAccount';
import { enumLabel } from '@zb/contract/resource/define';
import { Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { Link, useLocation } from 'react-router';
import { formatFen } from '../../platform/money';
import { ReportView } from '../../platform/report/ReportView';
import { useImportRow } from './api';
import { idOf } from './MoveInDetailListPage';

export default function MoveInDetailPage() {
  const id = idOf(new URLSearchParams(useLocation().search).get('id'));
  const row = useImportRow(id);
  if (id === null) return <Result status="warning" title="请从迁入明细打开" />;
  if (row.isLoading) return <Spin />;
  const r = row.data;
  if (!r) return <Result status="warning" title="迁入明细不存在或不在您的数据范围内" />;
  const outcome = MEMBER_IMPORT_ROW_OUTCOMES.find((o) => o.value === r.outcome);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`迁入批次 ${r.batchNo} 第 ${r.row} 行`}
        extra={<Link to={`/moveInDetailList?id=${r.importId}`}>返回迁入明细</Link>}
      >
        <Descriptions
          size="small"
          bordered
          column={3}
          items={[
            {
              key: 'outcome',
              label: '结果',
              children: <Tag color={outcome?.color}>{outcome?.label ?? r.outcome}</Tag>,
            },
            { key: 'message', label: '说明', children: r.message ?? '—', span: 2 },
            { key: 'store', label: '所属门店', children: r.storeName ?? '—' },
            { key: 'card', label: '卡项', children: r.cardName ?? '—' },
            { key: 'principal', label: '储值本金', children: formatFen(r.principal) },
            { key: 'bonus', label: '储值赠金', children: formatFen(r.bonus) },
            {
              key: 'sessions',
              label: '项目次数',
              span: 2,
              children: r.sessions.length ? r.sessions.map((s) => `${s.projectName} ${s.sessions} 次`).join('，') : '—',
            },
            {
              key: 'member',
              label: '会员',
              children: r.member ? (
                <Link to={`/personalAccount?id=${r.member.id}`}>
                  {r.member.name}（{r.member.code}）{r.member.created ? '，本次新建' : '，已有会员'}
                </Link>
              ) : (
                '—'
              ),
            },
            { key: 'cardNo', label: '新卡号', children: r.card?.cardNo ?? '—' },
            {
              key: 'left',
              label: '卡内现余',
              children: r.card
                ? r.cardKind === 'stored'
                  ? `本金 ${formatFen(r.card.balance)}，赠金 ${formatFen(r.card.bonusBalance)}`
                  : `剩余 ${r.card.sessionsLeft} 次`
                : '—',
            },
            { key: 'status', label: '卡状态', children: r.card ? enumLabel(MEMBER_CARD_STATUSES, r.card.status) : '—' },
          ]}
        />
      </Card>
      <Card size="small" title="文件中的内容">
        <Descriptions
          size="small"
          bordered
          column={3}
          items={MEMBER_IMPORT_COLUMNS.map((c) => ({ key: c.key, label: c.title, children: r.raw[c.key] || '—' }))}
        />
      </Card>
      {r.card && (
        <Card size="small" title="会员卡流水">
          <ReportView decl={CARD_LEDGER_VIEW} fixed={{ memberCardId: r.card.id }} embedded />
        </Card>
      )}
    </Space>
  );
}
