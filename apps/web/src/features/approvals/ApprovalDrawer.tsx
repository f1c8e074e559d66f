/** One application: its fields, its history (Timeline) and, while pending, the decision with a comment. */
import type { ApprovalDetail } from '@zb/contract/api/approvals';
import { APPROVAL_COMMENT_MAX, APPROVAL_STATUS, APPROVAL_TYPES } from '@zb/contract/constants';
import { Button, Descriptions, Drawer, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useThrottledSubmit } from '../../platform/throttle';
import { EVENT_NAMES, STATUS_COLORS } from './approvalQuery';
import { type DecisionKind, useApprovalDetail } from './useApprovalDetail';

const EVENT_COLORS = { submit: 'blue', approve: 'green', reject: 'red', authorize: 'gray' } as const;

/** `onLeave`: following 查看单据 to the application's own page closes the drawer over it. */
function Fields({ a, onLeave }: { a: ApprovalDetail; onLeave: () => void }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'spNo', label: '审批编号', children: a.spNo },
        { key: 'type', label: '类型', children: APPROVAL_TYPES[a.type] },
        {
          key: 'status',
          label: '状态',
          children: <Tag color={STATUS_COLORS[a.status]}>{APPROVAL_STATUS[a.status]}</Tag>,
        },
        { key: 'applicant', label: '申请人', children: a.applicantName },
        { key: 'phone', label: '手机号', children: a.applicantPhone },
        { key: 'store', label: '门店', children: a.storeName },
        { key: 'reason', label: '申请说明', children: a.reason },
        { key: 'createdAt', label: '提交时间', children: a.createdAt },
        { key: 'decider', label: '处理人', children: a.deciderName ?? '—' },
        { key: 'decidedAt', label: '处理时间', children: a.decidedAt ?? '—' },
        { key: 'comment', label: '审批意见', children: a.comment || '—' },
        ...(a.link
          ? [
              {
                key: 'link',
                label: '申请单据',
                children: (
                  <Link to={a.link} onClick={onLeave}>
                    查看单据
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function History({ a }: { a: ApprovalDetail }) {
  return (
    <Timeline
      items={a.history.map((e, i) => ({
        key: i,
        color: EVENT_COLORS[e.action],
        content: (
          <div>
            <Typography.Text strong>{EVENT_NAMES[e.action]}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {e.actorName} · {e.at}
            </Typography.Text>
            {e.comment && <div>意见：{e.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** 审批意见 with 通过 / 驳回; each confirmed before it is sent. */
function Decision({
  deciding,
  onDecide,
}: {
  deciding: DecisionKind | null;
  onDecide: (d: DecisionKind, c: string) => void;
}) {
  const [comment, setComment] = useState('');
  return (
    <div>
      <Typography.Title level={5}>审批意见</Typography.Title>
      <Input.TextArea
        aria-label="审批意见"
        placeholder="请输入审批意见（选填）"
        rows={3}
        maxLength={APPROVAL_COMMENT_MAX}
        showCount
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={deciding === 'approve'}
          disabled={deciding !== null}
          onClick={() => onDecide('approve', comment)}
        >
          通过
        </Button>
        <Button
          danger
          loading={deciding === 'reject'}
          disabled={deciding !== null}
          onClick={() => onDecide('reject', comment)}
        >
          驳回
        </Button>
      </Space>
    </div>
  );
}

interface Props {
  id: number | null;
  onClose: () => void;
}

export function ApprovalDrawer({ id, onClose }: Props) {
  const { detail, loading, deciding, decide } = useApprovalDetail(id);
  // 通过 / 驳回 are submit buttons: one attempt per SUBMIT_THROTTLE_MS.
  const onDecide = useThrottledSubmit((d: Parameters<typeof decide>[0], c: string) => decide(d, c));

  return (
    <Drawer
      title={detail ? `审批详情 ${detail.spNo}` : '审批详情'}
      open={id !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
    >
      {!detail ? (
        <Spin spinning={loading} />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Fields a={detail} onLeave={onClose} />
          <div>
            <Typography.Title level={5}>审批记录</Typography.Title>
            <History a={detail} />
          </div>
          {detail.status === 'pending' && <Decision key={detail.id} deciding={deciding} onDecide={onDecide} />}
        </Space>
      )}
    </Drawer>
  );
}
