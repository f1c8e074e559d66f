/** /taskCenterBoss (付款通知中心): the user's notices, filtered 全部/未读/已读, paged; a row opens its detail. */
import type { NoticeRow } from '@zb/contract/api/notices';
import { NOTICE_TYPE_ARREARS, NOTICE_TYPE_TASK, noticeTypeName } from '@zb/contract/constants';
import { Badge, Radio, Table, type TableProps, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatFen } from '../../platform/money';
import { READ_FILTERS, type ReadFilter } from './noticeQuery';
import { useNoticeList } from './useNoticeList';

export const DETAIL_PATH = '/taskCenterDetailBoss';

const columns = (open: (id: number) => void): TableProps<NoticeRow>['columns'] => [
  {
    title: '类型',
    dataIndex: 'type',
    width: 110,
    render: (type: number) => (
      <Tag color={type === NOTICE_TYPE_ARREARS ? 'red' : type === NOTICE_TYPE_TASK ? 'blue' : 'green'}>
        {noticeTypeName(type)}
      </Tag>
    ),
  },
  {
    title: '标题',
    dataIndex: 'msgName',
    render: (name: string, row) => (
      <Typography.Link onClick={() => open(row.id)} strong={!row.isRead}>
        {name}
      </Typography.Link>
    ),
  },
  { title: '门店', dataIndex: 'storeName', width: 140 },
  { title: '金额', dataIndex: 'amount', width: 140, align: 'right', render: (fen: number | null) => formatFen(fen) },
  { title: '时间', dataIndex: 'createdAt', width: 180 },
  {
    title: '状态',
    dataIndex: 'isRead',
    width: 90,
    render: (read: boolean) =>
      read ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />,
  },
];

export default function TaskCenterBossPage() {
  const navigate = useNavigate();
  const list = useNoticeList();
  const open = (id: number) => navigate(`${DETAIL_PATH}?id=${id}`);

  return (
    <div>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={list.params.filter}
        onChange={(e) => list.setFilter(e.target.value as ReadFilter)}
        options={READ_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
        style={{ marginBottom: 16 }}
      />
      <Table<NoticeRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns(open)}
        dataSource={list.rows}
        onRow={(row) => ({ onClick: () => open(row.id), style: { cursor: 'pointer' } })}
        pagination={list.pagination}
      />
    </div>
  );
}
