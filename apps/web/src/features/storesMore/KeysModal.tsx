/**
 * 接口密钥 of a POS terminal (/posList) or of the mini-program (administrators): the keys the
 * open API knows the caller by (docs/open-api.md). 生成密钥 shows the new secret once, to copy
 * into the terminal; 吊销 stops a key at once. Issuing a terminal's key revokes its old one.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IssuedOpenKey, OpenKeyRow } from '@zb/contract/api/openKeys';
import { OPEN_CLIENT_STATUSES } from '@zb/contract/open/protocol';
import { formatDateTime } from '@zb/contract/time';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { issueMiniKey, issuePosKey, listMiniKeys, listPosKeys, revokeMiniKey, revokePosKey } from './api';

type Target = { kind: 'pos'; id: number; sn: string } | { kind: 'mini' };

const statusTag = (v: string) => {
  const s = OPEN_CLIENT_STATUSES.find((x) => x.value === v);
  return <Tag color={s?.color}>{s?.label ?? v}</Tag>;
};

export default function KeysModal({
  target,
  canEdit,
  onClose,
}: {
  target: Target;
  canEdit: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const queryKey = ['openKeys', target.kind, target.kind === 'pos' ? target.id : 0];
  const keys = useQuery({
    queryKey,
    queryFn: () => (target.kind === 'pos' ? listPosKeys(target.id) : listMiniKeys()),
  });
  const [issued, setIssued] = useState<IssuedOpenKey | null>(null);
  const [name, setName] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey });
  const issue = useMutation({
    mutationFn: () => (target.kind === 'pos' ? issuePosKey(target.id) : issueMiniKey(name)),
    onSuccess: (k) => {
      setIssued(k);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: number) => (target.kind === 'pos' ? revokePosKey(target.id, keyId) : revokeMiniKey(keyId)),
    onSuccess: () => void refresh(),
  });
  const title = target.kind === 'pos' ? `终端 ${target.sn} 的接口密钥` : '小程序接口密钥';
  return (
    <Modal open title={title} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          {target.kind === 'mini' && (
            <Form.Item label="应用名称" style={{ marginBottom: 0 }}>
              <Input
                value={name}
                maxLength={40}
                onChange={(e) => setName(e.target.value)}
                placeholder="如：会员小程序"
              />
            </Form.Item>
          )}
          {target.kind === 'pos' && keys.data?.some((k) => k.status === 'active') ? (
            <Popconfirm title="生成新密钥后，该终端的旧密钥立即失效，确定生成吗？" onConfirm={() => issue.mutate()}>
              <Button type="primary" loading={issue.isPending}>
                生成密钥
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()}>
              生成密钥
            </Button>
          )}
        </Space>
      )}
      {issued && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="密钥已生成：密钥（Secret）只显示这一次，请立即复制并配置到终端"
          description={
            <Space direction="vertical">
              <span>
                AppKey：<Typography.Text copyable>{issued.appKey}</Typography.Text>
              </span>
              <span>
                Secret：
                <Typography.Text copyable code>
                  {issued.secret}
                </Typography.Text>
              </span>
            </Space>
          }
          closable
          onClose={() => setIssued(null)}
        />
      )}
      <Table<OpenKeyRow>
        size="small"
        rowKey="id"
        loading={keys.isPending}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: '尚未生成密钥' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: 'AppKey',
            dataIndex: 'appKey',
            render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
          },
          { title: '状态', dataIndex: 'status', width: 80, render: statusTag },
          { title: '生成人', dataIndex: 'issuedBy', width: 90, render: (v: string | null) => v ?? '—' },
          { title: '生成时间', dataIndex: 'issuedAt', width: 160, render: (v: string) => formatDateTime(v) },
          {
            title: '最近使用',
            dataIndex: 'lastUsedAt',
            width: 160,
            render: (v: string | null) => (v ? formatDateTime(v) : '从未使用'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, row) =>
              canEdit && row.status === 'active' ? (
                <Popconfirm title="吊销后该密钥立即失效，确定吊销吗？" onConfirm={() => revoke.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    吊销
                  </Button>
                </Popconfirm>
              ) : row.revokedAt ? (
                <Typography.Text type="secondary">{formatDateTime(row.revokedAt)} 吊销</Typography.Text>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
