/**
 * The cards of an activity: number, status, who claimed it (linking to their account when the user
 * may open /personalAccount), the member card it opened, and when; filter by status and number;
 * 作废 of one unclaimed card or of every unclaimed card (both ask first) for a user with 编辑 once
 * the activity is approved.
 */
import { canOpen } from '@zb/contract/access';
import { REAL_CARD_STATUSES, type RealCardRow, type RealCardStatus } from '@zb/contract/entities/marketingActivity';
import { routeByPath } from '@zb/contract/routes';
import { Button, Input, Select, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../platform/alerts';
import { tablePagination } from '../../platform/list/pagination';
import { useMenuContext } from '../../platform/permissions';
import { useRealCards, useRefreshActivities, voidCards } from './api';

interface Props {
  activityId: number;
  unclaimed: number;
  /** The user may void cards of this activity now. */
  canVoid: boolean;
}

const statusTag = (s: RealCardStatus) => {
  const o = REAL_CARD_STATUSES.find((x) => x.value === s);
  return <Tag color={o?.color}>{o?.label ?? s}</Tag>;
};

const ACCOUNT_PAGE = '/personalAccount';

/** The claimer as 姓名（会员编号）, a link to their account for a user who may open it. */
const claimer = (row: RealCardRow, linked: boolean) => {
  if (!row.memberName) return '—';
  const text = `${row.memberName}（${row.memberCode}）`;
  return linked && row.memberId !== null ? <Link to={`${ACCOUNT_PAGE}?id=${row.memberId}`}>{text}</Link> : text;
};

export function RealCardsTable({ activityId, unclaimed, canVoid }: Props) {
  const [status, setStatus] = useState<RealCardStatus | undefined>();
  const [number, setNumber] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const cards = useRealCards({ activityId, status, number: number || undefined, ...page });
  const refresh = useRefreshActivities();
  const menu = useMenuContext();
  const accountRoute = routeByPath(ACCOUNT_PAGE);
  const linked = !!accountRoute && canOpen(accountRoute, menu.codes);

  const voidOne = async (row: RealCardRow) => {
    if (!(await confirm(`确定作废卡号 ${row.number}？作废后不能领取，也不能恢复。`))) return;
    await voidCards(activityId, [row.id]);
    await refresh();
  };
  const voidAll = async () => {
    if (!(await confirm(`确定作废全部 ${unclaimed} 张未领取的卡？作废后不能领取，也不能恢复。`))) return;
    await voidCards(activityId, 'all');
    await refresh();
  };

  const columns: TableProps<RealCardRow>['columns'] = [
    { title: '卡号', dataIndex: 'number', width: 170 },
    { title: '状态', dataIndex: 'status', width: 90, render: statusTag },
    { title: '领取会员', key: 'member', width: 180, render: (_: unknown, row: RealCardRow) => claimer(row, linked) },
    { title: '领取手机号', dataIndex: 'memberPhone', width: 130, render: (p: string | null) => p ?? '—' },
    { title: '会员卡号', dataIndex: 'memberCardNo', width: 120, render: (n: string | null) => n ?? '—' },
    { title: '领取时间', dataIndex: 'claimedAt', width: 170, render: (d: string | null) => d ?? '—' },
    { title: '作废时间', dataIndex: 'voidedAt', width: 170, render: (d: string | null) => d ?? '—' },
    ...(canVoid
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 80,
            render: (_: unknown, row: RealCardRow) =>
              row.status === 'unclaimed' && (
                <Button type="link" size="small" danger onClick={() => void voidOne(row)}>
                  作废
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="卡状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          options={REAL_CARD_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(s?: RealCardStatus) => {
            setStatus(s);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        <Input.Search
          aria-label="卡号"
          placeholder="卡号"
          allowClear
          style={{ width: 220 }}
          onSearch={(n) => {
            setNumber(n.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        {canVoid && (
          <Button danger disabled={unclaimed === 0} onClick={() => void voidAll()}>
            作废全部未领取
          </Button>
        )}
      </Space>
      <Table<RealCardRow>
        rowKey="id"
        size="small"
        loading={cards.isFetching}
        columns={columns}
        dataSource={cards.data?.list ?? []}
        locale={{ emptyText: '暂无卡片' }}
        pagination={tablePagination(page, cards.data?.total ?? 0, (pageNo, pageSize) => setPage({ pageNo, pageSize }))}
      />
    </div>
  );
}
