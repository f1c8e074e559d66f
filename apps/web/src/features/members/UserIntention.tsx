/**
 * 意向记录 (/userIntention), a tab of the member's file: their deposits at SPEC §7.8's calls
 * (`findStoUserIntentCountByUserId` for the figures by state, `findStoUserIntentListByUserId` for
 * the paged list), each opening /payIntentionDetail. Shown in MemberAccount's tabs.
 */
import { useQuery } from '@tanstack/react-query';
import { INTENT_API, type IntentDepositDto } from '@zb/contract/api/intents';
import { INTENT_FLOW, INTENT_PAY_METHODS } from '@zb/contract/entities/intentDeposit';
import { stateLabel } from '@zb/contract/flow';
import { formatDateTime } from '@zb/contract/time';
import { Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/http';
import { formatFen as yuan } from '../../platform/money';

const depositTag = (state: string) => (
  <Tag color={INTENT_FLOW.states.find((s) => s.value === state)?.color}>{stateLabel(INTENT_FLOW, state)}</Tag>
);
const payMethodLabel = (v: string) => INTENT_PAY_METHODS.find((m) => m.value === v)?.label ?? v;

const PAGE = 10;

export function UserIntention({ memberId }: { memberId: number }) {
  const [pageNo, setPageNo] = useState(1);
  const counts = useQuery({
    queryKey: ['intents', 'userCount', memberId],
    queryFn: () => call(INTENT_API.userIntentCount, { query: { userId: memberId } }),
  });
  const list = useQuery({
    queryKey: ['intents', 'userList', memberId, pageNo],
    queryFn: () => call(INTENT_API.userIntentList, { query: { userId: memberId, pageNo, pageSize: PAGE } }),
  });
  return (
    <div>
      {counts.data && (
        <Space size="large" style={{ marginBottom: 12 }} wrap>
          <Statistic title="意向金笔数" value={counts.data.total} />
          <Statistic title="意向金总额" value={yuan(counts.data.totalAmount)} />
          {counts.data.byStatus
            .filter((s) => s.count > 0)
            .map((s) => (
              <Statistic
                key={s.status}
                title={stateLabel(INTENT_FLOW, s.status)}
                value={`${s.count} 笔 / ${yuan(s.amount)}`}
              />
            ))}
        </Space>
      )}
      <Table<IntentDepositDto>
        aria-label="意向记录"
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '该会员暂无意向金' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE,
          total: list.data?.total ?? 0,
          onChange: setPageNo,
          showTotal: (n) => `共 ${n} 条`,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: '意向金单号',
            dataIndex: 'depositNo',
            width: 150,
            render: (v: string, d) => <Link to={`/payIntentionDetail?id=${d.id}`}>{v}</Link>,
          },
          { title: '门店', dataIndex: 'storeName', width: 130 },
          { title: '金额', dataIndex: 'amount', width: 100, render: yuan },
          { title: '支付方式', dataIndex: 'payMethod', width: 90, render: payMethodLabel },
          { title: '支付时间', dataIndex: 'paidAt', width: 170, render: formatDateTime },
          { title: '到期时间', dataIndex: 'expiresAt', width: 170, render: formatDateTime },
          { title: '状态', dataIndex: 'status', width: 90, render: depositTag },
          { title: '抵扣收银单', dataIndex: 'billNo', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </div>
  );
}
