/** 添加成员: search the accounts, pick one, see the server's check, then confirm. */
import { useQuery } from '@tanstack/react-query';
import type { MemberCandidate } from '@zb/contract/api/hierarchy';
import { Alert, Input, Modal, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { HIER_KEYS, hierApi } from './api';
import { checkMessage } from './memberCheck';
import { useMemberCheck } from './useMemberCheck';

const KIND_TEXT: Record<string, string> = { hq: '总部员工', boss: '门店老板', store: '门店员工' };

const columns: TableProps<MemberCandidate>['columns'] = [
  { title: '账号', dataIndex: 'loginName', width: 130 },
  { title: '姓名', dataIndex: 'nickname', width: 100 },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  { title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => KIND_TEXT[k] ?? k },
  {
    title: '状态',
    dataIndex: 'enabled',
    width: 70,
    render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

interface Props {
  contentRoleId: number;
  /** e.g. 华东大区 · 大区督导 */
  title: string;
  onClose: () => void;
  onAdded: () => void;
}

export function AddMemberModal({ contentRoleId, title, onClose, onAdded }: Props) {
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [saving, setSaving] = useState(false);
  const check = useMemberCheck(contentRoleId);
  const list = useQuery({
    queryKey: HIER_KEYS.candidates(keyword, pageNo),
    queryFn: () => hierApi.candidates(keyword, pageNo),
  });
  const message = checkMessage(check.state);
  const picked = check.state.step === 'idle' ? null : check.state.account.id;

  const confirmAdd = async () => {
    if (!check.allowed || picked === null) return;
    setSaving(true);
    try {
      await hierApi.addMember(contentRoleId, picked);
      onAdded();
      onClose();
    } catch {
      // The server's refusal was alerted; check again so the modal shows why.
      if (check.state.step !== 'idle') void check.pick(check.state.account);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`添加成员：${title}`}
      width={720}
      okText="确定添加"
      okButtonProps={{ disabled: !check.allowed, loading: saving }}
      onOk={confirmAdd}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        placeholder="按姓名、手机号或账号搜索"
        allowClear
        enterButton="查询"
        maxLength={30}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNo(1);
          check.reset();
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<MemberCandidate>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '没有找到账号' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: picked === null ? [] : [picked],
          onChange: (_keys, rows) => rows[0] && void check.pick(rows[0]),
        }}
        onRow={(row) => ({ onClick: () => void check.pick(row) })}
        pagination={{
          current: pageNo,
          pageSize: 10,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
      {message && <Alert type={message.type} showIcon title={message.text} data-testid="member-check" />}
    </Modal>
  );
}
