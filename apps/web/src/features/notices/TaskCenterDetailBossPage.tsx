/** /taskCenterDetailBoss?id=…: one notice; opening it reads it, so the bell's count falls. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICE_TYPE_ARREARS, noticeTypeName } from '@zb/contract/constants';
import { Button, Descriptions, Empty, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatFen } from '../../platform/money';
import { NOTICE_KEYS, openNotice } from '../../platform/notices/api';

export const LIST_PATH = '/taskCenterBoss';

export default function TaskCenterDetailBossPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: NOTICE_KEYS.detail(id), queryFn: () => openNotice(id), enabled: valid });

  // Reading changed the count and the lists: refetch them (the bell, the kept-alive list).
  useEffect(() => {
    if (detail.data)
      void queryClient.invalidateQueries({
        queryKey: NOTICE_KEYS.all,
        refetchType: 'all',
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
  }, [detail.data, queryClient]);

  const back = (
    <Button onClick={() => navigate(LIST_PATH)} style={{ marginTop: 24 }}>
      返回列表
    </Button>
  );
  if (!valid || detail.isError)
    return (
      <>
        <Empty description="通知不存在" />
        {back}
      </>
    );
  if (!detail.data) return <Skeleton active />;
  const n = detail.data;
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {n.msgName}
      </Typography.Title>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="类型">
          <Tag color={n.type === NOTICE_TYPE_ARREARS ? 'red' : 'green'}>{noticeTypeName(n.type)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="门店">{n.storeName || '—'}</Descriptions.Item>
        <Descriptions.Item label="金额">{formatFen(n.amount)}</Descriptions.Item>
        <Descriptions.Item label="通知时间">{n.createdAt}</Descriptions.Item>
        <Descriptions.Item label="阅读时间">{n.readAt ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="状态">已读</Descriptions.Item>
        <Descriptions.Item label="内容" span={2}>
          {n.content}
        </Descriptions.Item>
      </Descriptions>
      {back}
    </div>
  );
}
