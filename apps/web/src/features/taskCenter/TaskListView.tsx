/** The list of messages (/messageList) or tasks (/taskList): search, paged table, 新增, batch 删除. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASK_KIND_ACCESS, TASK_KIND_TASK, type TaskKind, type TaskRow } from '@zb/contract/api/taskCenter';
import { PAGE_SIZES } from '@zb/contract/constants';
import { Button, Form, Input, Progress, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';
import { deleteTasks, fetchMsgStatuses, fetchMsgTypes, searchTasks, TASK_KEYS, type TaskListParams } from './api';

export const DETAIL_PATHS: Record<TaskKind, string> = { 1: '/messageDetail', 2: '/taskDetail' };
const STATUS_COLOR: Record<string, string> = {
  open: 'blue',
  done: 'green',
  overdue: 'red',
  unread: 'orange',
  read: 'green',
};

const columns = (kind: TaskKind, open: (id: number) => void): TableProps<TaskRow>['columns'] => [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, row) => <Typography.Link onClick={() => open(row.id)}>{title}</Typography.Link>,
  },
  { title: '类型', dataIndex: 'msgTypeName', width: 110 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 110,
    render: (s: string, row) => <Tag color={STATUS_COLOR[s]}>{row.statusName}</Tag>,
  },
  { title: '接收门店', dataIndex: 'storeCount', width: 100, align: 'right' },
  {
    title: '已读',
    dataIndex: 'readCount',
    width: 140,
    render: (n: number, row) => (
      <Progress
        size="small"
        percent={Math.round((n * 100) / Math.max(row.storeCount, 1))}
        format={() => `${n}/${row.storeCount}`}
      />
    ),
  },
  ...(kind === TASK_KIND_TASK
    ? ([
        {
          title: '已完成',
          dataIndex: 'answerCount',
          width: 140,
          render: (n: number, row: TaskRow) => (
            <Progress
              size="small"
              status={row.status === 'overdue' ? 'exception' : undefined}
              percent={Math.round((n * 100) / Math.max(row.storeCount, 1))}
              format={() => `${n}/${row.storeCount}`}
            />
          ),
        },
        { title: '截止时间', dataIndex: 'deadline', width: 170 },
      ] as NonNullable<TableProps<TaskRow>['columns']>)
    : []),
  { title: '创建人', dataIndex: 'creatorName', width: 100 },
  { title: '创建时间', dataIndex: 'createdAt', width: 170 },
];

interface Filters {
  title?: string;
  msgType?: number;
  status?: string;
}

export function TaskListView({ kind }: { kind: TaskKind }) {
  const navigate = useNavigate();
  const has = useButtons();
  const access = TASK_KIND_ACCESS[kind];
  const word = kind === TASK_KIND_TASK ? '任务' : '消息';
  const [form] = Form.useForm<Filters>();
  const [params, setParams] = useState<TaskListParams>({ kind, pageNo: 1, pageSize: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({ queryKey: TASK_KEYS.list(params), queryFn: () => searchTasks(params) });
  const types = useQuery({ queryKey: TASK_KEYS.types, queryFn: fetchMsgTypes });
  const statuses = useQuery({ queryKey: TASK_KEYS.statuses(kind), queryFn: () => fetchMsgStatuses(kind) });
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteTasks,
    onSuccess: () => {
      setSelected([]);
      return client.invalidateQueries({ queryKey: TASK_KEYS.all });
    },
  });
  const open = (id: number) => navigate(`${DETAIL_PATHS[kind]}?id=${id}`);

  const search = (v: Filters) =>
    setParams({
      kind,
      pageNo: 1,
      pageSize: params.pageSize,
      title: v.title?.trim() || undefined,
      msgType: v.msgType,
      status: v.status,
    });

  return (
    <div>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="msgType" label="类型">
          <Select allowClear placeholder="全部" style={{ width: 140 }} options={types.data ?? []} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 140 }} options={statuses.data ?? []} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {has(access.add) && (
          <Button type="primary" onClick={() => navigate(`${DETAIL_PATHS[kind]}?new=1`)}>
            新增{word}
          </Button>
        )}
        {has(access.delete) && (
          <Button
            danger
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={async () => {
              if (await confirm(`确定删除选中的 ${selected.length} 条${word}？`)) remove.mutate(selected);
            }}
          >
            批量删除
          </Button>
        )}
        {kind === TASK_KIND_TASK && <Button onClick={() => navigate('/taskTemplete')}>任务模板</Button>}
      </Space>
      <Table<TaskRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns(kind, open)}
        dataSource={list.data?.list ?? []}
        rowSelection={
          has(access.delete)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          onChange: (pageNo, pageSize) => setParams({ ...params, pageNo, pageSize }),
        }}
      />
    </div>
  );
}
