/**
 * Under a member's file (/personalAccount): 会员卡 — their cards with balances or sessions left,
 * each opening its ledger (every 开卡, 充值, 消费 with the balance after it); the member tabs declared as views in REPORTS (套餐卡 /comboCard, 储值卡
 * /storedValueCard, 消费记录 /purchaseHistory — bills and mall orders, each opening /orderDetail —
 * and 积分明细 /points): each on the report engine's ReportView with the member's id as its fixed
 * filter, a tab appearing as soon as its declaration exists; 积分兑换 (/creditsExchange: the
 * exchanges and 兑换); and 意向记录 (/userIntention: the member's 意向金, features/intents). A tab
 * whose route the role may not open is not shown.
 */
import { useQuery } from '@tanstack/react-query';
import { canOpen } from '@zb/contract/access';
import { type CardLedgerDto, MEMBER_API, type MemberCardDto } from '@zb/contract/api/members';
import { CARD_KINDS } from '@zb/contract/entities/card';
import { MEMBER_CARD_STATUSES } from '@zb/contract/entities/member';
import type { AnyReport } from '@zb/contract/report/define';
import { REPORTS } from '@zb/contract/reports/index';
import { routeByPath } from '@zb/contract/routes';
import { formatDate, formatDateTime } from '@zb/contract/time';
import { Card, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { useMenuContext } from '../../platform/permissions';
import { ReportView } from '../../platform/report/ReportView';

/** 意向记录 in a chunk of its own, loaded when its tab opens: the member page stays as light as before. */
const UserIntention = lazy(() => import('./UserIntention').then((m) => ({ default: m.UserIntention })));
/** 积分兑换 likewise. */
const CreditsExchange = lazy(() => import('./CreditsExchange').then((m) => ({ default: m.CreditsExchange })));

const kindTag = (kind: string) => {
  const k = CARD_KINDS.find((x) => x.value === kind);
  return <Tag color={k?.color}>{k?.label ?? kind}</Tag>;
};

const statusTag = (c: MemberCardDto) => {
  // 冻结, and the final 已补卡 / 已注销 (/supplementOrCancellation).
  const s = c.status === 'active' ? null : MEMBER_CARD_STATUSES.find((x) => x.value === c.status);
  if (s) return <Tag color={s.color}>{s.label}</Tag>;
  if (c.expired) return <Tag>已过期</Tag>;
  return <Tag color="green">正常</Tag>;
};

/** 储值卡: 本金 + 赠送; 套餐卡: the sessions left of each project. */
const holding = (c: MemberCardDto) =>
  c.kind === 'stored' ? (
    <span>
      {formatFen(c.balance)}
      <span style={{ color: '#8c8c8c' }}> ＋赠送 {formatFen(c.bonusBalance)}</span>
    </span>
  ) : (
    c.sessions.map((s) => (
      <div key={s.projectId}>
        {s.projectName}：剩余 {s.remaining}/{s.total} 次
      </div>
    ))
  );

const CARD_COLUMNS: ColumnsType<MemberCardDto> = [
  { title: '卡号', dataIndex: 'cardNo', width: 120 },
  { title: '卡项', dataIndex: 'cardName' },
  { title: '类型', dataIndex: 'kind', width: 80, render: kindTag },
  { title: '余额/剩余次数', key: 'holding', width: 260, render: (_, c) => holding(c) },
  { title: '开卡门店', dataIndex: 'storeName', width: 120 },
  { title: '开卡时间', dataIndex: 'openedAt', width: 110, render: (v: string) => formatDate(v) },
  { title: '到期日', dataIndex: 'expiresAt', width: 110, render: (v: string) => formatDate(v) },
  { title: '状态', key: 'status', width: 80, render: (_, c) => statusTag(c) },
];

const signed = (n: number) => (n > 0 ? `+${formatFen(n)}` : formatFen(n));

const change = (r: CardLedgerDto) => {
  if (r.sessions !== null) return `${r.projectName}　${r.sessions > 0 ? '+' : ''}${r.sessions} 次`;
  const parts = [r.amount ? `本金 ${signed(r.amount)}` : '', r.bonusAmount ? `赠送 ${signed(r.bonusAmount)}` : ''];
  return parts.filter(Boolean).join('，') || '—';
};

const after = (r: CardLedgerDto) =>
  r.sessionsAfter !== null
    ? `${r.sessionsAfter} 次`
    : `${formatFen(r.balanceAfter)}（赠送 ${formatFen(r.bonusAfter)}）`;

const LEDGER_COLUMNS: ColumnsType<CardLedgerDto> = [
  { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
  { title: '类型', dataIndex: 'kindName', width: 70, render: (v: string) => <Tag>{v}</Tag> },
  { title: '变动', key: 'change', render: (_, r) => change(r) },
  { title: '变动后', key: 'after', width: 200, render: (_, r) => after(r) },
  { title: '单据', dataIndex: 'refNo', width: 180 },
  { title: '门店', dataIndex: 'storeName', width: 120 },
];

const LEDGER_PAGE = 10;

function CardLedger({ memberCardId }: { memberCardId: number }) {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({
    queryKey: ['members', 'cardLedger', memberCardId, pageNo],
    queryFn: () => call(MEMBER_API.cardLedger, { query: { memberCardId, pageNo, pageSize: LEDGER_PAGE } }),
  });
  return (
    <Table<CardLedgerDto>
      aria-label="会员卡流水"
      rowKey="id"
      size="small"
      loading={q.isPending}
      columns={LEDGER_COLUMNS}
      dataSource={q.data?.list ?? []}
      pagination={{
        current: pageNo,
        pageSize: LEDGER_PAGE,
        total: q.data?.total ?? 0,
        onChange: setPageNo,
        showTotal: (n) => `共 ${n} 条`,
        hideOnSinglePage: true,
      }}
      locale={{ emptyText: '暂无流水' }}
    />
  );
}

function MemberCards({ memberId }: { memberId: number }) {
  const cards = useQuery({
    queryKey: ['members', 'cards', memberId],
    queryFn: () => call(MEMBER_API.cards, { query: { memberId } }),
  });
  return (
    <Table<MemberCardDto>
      aria-label="会员卡"
      rowKey="id"
      size="small"
      loading={cards.isPending}
      columns={CARD_COLUMNS}
      dataSource={cards.data ?? []}
      expandable={{ expandedRowRender: (c) => <CardLedger memberCardId={c.id} /> }}
      pagination={false}
      locale={{ emptyText: '该会员暂无会员卡' }}
    />
  );
}

/** The member tabs shown as declared views, in this order. */
export const MEMBER_VIEW_TABS = [
  '/comboCard',
  '/storedValueCard',
  '/purchaseHistory',
  '/points',
  '/coupon',
  '/giftsProject',
  '/memberMigration',
  '/examiningReport',
] as const;

/** The declared view of a member tab: its page is the tab's route and its one fixed filter is memberId. */
export const memberViewOf = (path: string, reports: readonly AnyReport[] = REPORTS): AnyReport | undefined =>
  reports.find((r) => {
    const fixed = Object.entries(r.filters).filter(([, f]) => f.fixed);
    return r.page === path && fixed.length === 1 && fixed[0]?.[0] === 'memberId';
  });

export function MemberAccount({ memberId }: { memberId: number }) {
  // A tab the role may not open is not shown (the server refuses its calls too).
  const { codes } = useMenuContext();
  const allowed = (path: string) => {
    const r = routeByPath(path);
    return !r || canOpen(r, codes);
  };
  const views = MEMBER_VIEW_TABS.filter(allowed).flatMap((path) => {
    const decl = memberViewOf(path);
    return decl
      ? [
          {
            key: path,
            label: routeByPath(path)?.title ?? decl.title,
            children: <ReportView decl={decl} fixed={{ memberId }} />,
          },
        ]
      : [];
  });
  return (
    <Card
      title="会员账户"
      style={{ marginTop: 16 }}
      extra={
        // 会员档案 and 跟进记录 are pages of their own (features/memberCare), opened with the member.
        <Space>
          {allowed('/memberFile') && <Link to={`/memberFile?memberId=${memberId}`}>会员档案</Link>}
          {allowed('/follow') && <Link to={`/follow?memberId=${memberId}`}>跟进记录</Link>}
        </Space>
      }
    >
      <Tabs
        items={[
          { key: 'cards', label: '会员卡', children: <MemberCards memberId={memberId} /> },
          ...views,
          ...(allowed('/creditsExchange')
            ? [
                {
                  key: '/creditsExchange',
                  label: routeByPath('/creditsExchange')?.title ?? '积分兑换',
                  children: (
                    <Suspense fallback={null}>
                      <CreditsExchange memberId={memberId} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          // 意向记录 opens with the member file's own codes (route table: a tab of /personalAccount).
          {
            key: '/userIntention',
            label: routeByPath('/userIntention')?.title ?? '意向记录',
            children: (
              <Suspense fallback={null}>
                <UserIntention memberId={memberId} />
              </Suspense>
            ),
          },
        ]}
      />
    </Card>
  );
}
