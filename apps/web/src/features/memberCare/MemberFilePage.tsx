/**
 * /memberFile (会员档案). Opened from a member (`?memberId=`): who they are, their tags, their file
 * (hair, scalp, preferences — viewed and edited with the engine's detail, 建立档案 when none is
 * kept yet) and the staff who served them. Without a member: every file of the user's scope on the
 * resource engine, filtered by 发质, 头皮类型, 偏好时段.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MEMBER_FILE, MEMBER_FILE_API, type ServedStaffDto, TAG_COLORS } from '@zb/contract/entities/memberCare';
import { formatDateTime } from '@zb/contract/time';
import { Button, Card, Descriptions, Empty, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';
import { resourceKey } from '../../platform/queryClient';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

const colorOf = (c: string) => TAG_COLORS.find((x) => x.value === c)?.color ?? c;

export function MemberFile({ memberId }: { memberId: number }) {
  const client = useQueryClient();
  const can = useButtons();
  const [editing, setEditing] = useState(false);
  const view = useQuery({
    queryKey: [...resourceKey(MEMBER_FILE), 'ofMember', memberId],
    queryFn: () => call(MEMBER_FILE_API.ofMember, { query: { memberId } }),
  });
  if (view.isPending) return <Spin />;
  if (!view.data) return <Empty description="未找到该会员" />;
  const v = view.data;
  const refresh = () => client.invalidateQueries({ queryKey: resourceKey(MEMBER_FILE) });
  const create = async () => {
    await call(MEMBER_FILE_API.create!, { body: { memberId } as never });
    await refresh();
    setEditing(true);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card title="会员">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="会员">
            <Link to={`/personalAccount?id=${v.memberId}`}>{v.memberName}</Link>（{v.memberCode}）
          </Descriptions.Item>
          <Descriptions.Item label="手机号">{v.phone}</Descriptions.Item>
          <Descriptions.Item label="所属门店">{v.storeName}</Descriptions.Item>
          <Descriptions.Item label="标签" span={3}>
            {v.tags.length
              ? v.tags.map((t) => (
                  <Tag key={t.id} color={colorOf(t.color)}>
                    {t.name}
                  </Tag>
                ))
              : '暂无标签'}
          </Descriptions.Item>
        </Descriptions>
        <Space>
          <Link to={`/follow?memberId=${v.memberId}`}>跟进记录</Link>
        </Space>
      </Card>
      <Card title="档案">
        {v.fileId === null ? (
          <Empty description="尚未建立档案">
            {can(buttonCodeOf('/memberList', 'edit')) && (
              <Button type="primary" onClick={() => void create()}>
                建立档案
              </Button>
            )}
          </Empty>
        ) : (
          <ResourceDetail
            decl={MEMBER_FILE}
            id={v.fileId}
            editing={editing}
            onEdit={setEditing}
            onSaved={() => {
              setEditing(false);
              void refresh();
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Card>
      <Card title="服务过的员工">
        <Table<ServedStaffDto>
          aria-label="服务过的员工"
          rowKey="staffId"
          size="small"
          pagination={false}
          dataSource={v.staff}
          locale={{ emptyText: '暂无服务记录' }}
          columns={[
            { title: '员工', dataIndex: 'staffName', width: 120 },
            { title: '门店', dataIndex: 'storeName', width: 140 },
            { title: '服务单数', dataIndex: 'bills', width: 100 },
            { title: '最近服务', dataIndex: 'lastServedAt', render: (x: string) => formatDateTime(x) },
          ]}
        />
      </Card>
    </Space>
  );
}

export default function MemberFilePage() {
  const [params] = useSearchParams();
  const raw = params.get('memberId');
  const memberId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (memberId) return <MemberFile memberId={memberId} />;
  return <ResourceListPage decl={MEMBER_FILE} />;
}
