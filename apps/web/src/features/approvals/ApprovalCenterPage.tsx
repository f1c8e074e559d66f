/** /approvalCenter (审批中心): applications filtered and paged from the URL; 查看 opens the detail drawer. */
import type { ApprovalRow } from '@zb/contract/api/approvals';
import { APPROVAL_STATUS, APPROVAL_TYPES } from '@zb/contract/constants';
import { Button, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { ApprovalDrawer } from './ApprovalDrawer';
import { ApprovalSearchForm } from './ApprovalSearchForm';
import { STATUS_COLORS } from './approvalQuery';
import { useApprovalList } from './useApprovalList';

const columns = (open: (id: number) => void): TableProps<ApprovalRow>['columns'] => [
  { title: '审批编号', dataIndex: 'spNo', width: 160 },
  { title: '类型', dataIndex: 'type', width: 130, render: (t: ApprovalRow['type']) => APPROVAL_TYPES[t] },
  { title: '申请人', dataIndex: 'applicantName', width: 100 },
  { title: '手机号', dataIndex: 'applicantPhone', width: 130 },
  { title: '门店', dataIndex: 'storeName' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: ApprovalRow['status']) => <Tag color={STATUS_COLORS[s]}>{APPROVAL_STATUS[s]}</Tag>,
  },
  { title: '提交时间', dataIndex: 'createdAt', width: 170 },
  { title: '处理时间', dataIndex: 'decidedAt', width: 170, render: (d: string | null) => d ?? '—' },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    fixed: 'right',
    render: (_: unknown, row) => (
      <Button type="link" size="small" onClick={() => open(row.id)}>
        查看
      </Button>
    ),
  },
];

export default function ApprovalCenterPage() {
  const list = useApprovalList();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <div>
      <ApprovalSearchForm value={list.params} onSearch={list.applyFilters} onReset={list.reset} />
      <Table<ApprovalRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns(setOpenId)}
        dataSource={list.rows}
        scroll={{ x: 1100 }}
        pagination={list.pagination}
      />
      <ApprovalDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
