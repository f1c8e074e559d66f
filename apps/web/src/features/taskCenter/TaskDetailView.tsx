/**
 * /messageDetail and /taskDetail: `?id=` shows a message or task with each store's read and
 * answer state; `?new=1` (or `&edit=1` on one no store answered) is its form, with the stores
 * chosen in the region/store tree.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SaveTask,
  STORE_TASK_STATES,
  TASK_KIND_ACCESS,
  TASK_KIND_TASK,
  type TaskDetail,
  type TaskKind,
  type TaskStoreRow,
} from '@zb/contract/api/taskCenter';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { fetchMsgTypes, fetchTask, fetchTempletes, saveTask, TASK_KEYS } from './api';
import { StoreTreeField, useStoreTree } from './StoreTreeField';

const LIST_PATHS: Record<TaskKind, string> = { 1: '/messageList', 2: '/taskList' };
const STATE_COLOR = Object.fromEntries(STORE_TASK_STATES.map((s) => [s.value, s.color]));

const storeColumns = (kind: TaskKind): TableProps<TaskStoreRow>['columns'] => [
  { title: '门店', dataIndex: 'name', render: (name: string, r) => `${name}（${r.code}）` },
  { title: '大区', dataIndex: 'regionName', width: 120 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (s: string, r) => <Tag color={STATE_COLOR[s]}>{r.stateName}</Tag>,
  },
  { title: '阅读时间', dataIndex: 'readAt', width: 170, render: (v: string | null) => v ?? '—' },
  ...(kind === TASK_KIND_TASK
    ? ([
        { title: '完成时间', dataIndex: 'answeredAt', width: 170, render: (v: string | null) => v ?? '—' },
        { title: '完成情况', dataIndex: 'result', render: (v: string | null) => v ?? '—' },
      ] as NonNullable<TableProps<TaskStoreRow>['columns']>)
    : []),
];

function TaskView({ task, kind, onEdit }: { task: TaskDetail; kind: TaskKind; onEdit?: () => void }) {
  const navigate = useNavigate();
  const isTask = kind === TASK_KIND_TASK;
  return (
    <div>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(LIST_PATHS[kind])}>返回列表</Button>
        {onEdit && (
          <Button type="primary" onClick={onEdit}>
            编辑
          </Button>
        )}
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="标题">{task.title}</Descriptions.Item>
          <Descriptions.Item label="类型">{task.msgTypeName}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <span data-testid="task-status">{task.statusName}</span>
          </Descriptions.Item>
          {isTask && <Descriptions.Item label="截止时间">{task.deadline}</Descriptions.Item>}
          <Descriptions.Item label="创建人">{task.creatorName}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{task.createdAt}</Descriptions.Item>
          <Descriptions.Item label="接收门店">{task.storeCount}</Descriptions.Item>
          <Descriptions.Item label="已读">
            {task.readCount}/{task.storeCount}
          </Descriptions.Item>
          {isTask && (
            <Descriptions.Item label="已完成">
              <span data-testid="task-done">
                {task.answerCount}/{task.storeCount}
              </span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="内容" span={3}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {task.content}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Table<TaskStoreRow>
        rowKey="storeId"
        size="small"
        columns={storeColumns(kind)}
        dataSource={task.stores}
        pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 条` }}
      />
    </div>
  );
}

interface FormValues {
  msgType?: number;
  title?: string;
  content?: string;
  templeteId?: number;
  deadline?: Dayjs;
}

function TaskForm({ kind, task }: { kind: TaskKind; task: TaskDetail | null }) {
  const navigate = useNavigate();
  const isTask = kind === TASK_KIND_TASK;
  const word = isTask ? '任务' : '消息';
  const [form] = Form.useForm<FormValues>();
  const types = useQuery({ queryKey: TASK_KEYS.types, queryFn: fetchMsgTypes });
  const templetes = useQuery({ queryKey: TASK_KEYS.templetes, queryFn: fetchTempletes, enabled: isTask });
  const treeState = useStoreTree(task?.stores.map((s) => s.storeId) ?? []);
  const { choice } = treeState;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: saveTask,
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: TASK_KEYS.all });
      navigate(`${isTask ? '/taskDetail' : '/messageDetail'}?id=${saved.id}`, { replace: true });
    },
    onError: (e) => setErrors(fieldErrorsOf(e) ?? {}),
  });
  const submit = (v: FormValues) => {
    setErrors({});
    const body: SaveTask = {
      ...(task ? { id: task.id } : {}),
      kind,
      msgType: v.msgType as number,
      title: v.title ?? '',
      content: v.content ?? '',
      deadline: isTask && v.deadline ? v.deadline.format('YYYY-MM-DD HH:mm') : null,
      templeteId: isTask ? (v.templeteId ?? null) : null,
      regionIds: choice.regionIds,
      storeIds: choice.storeIds,
    };
    save.mutate(body);
  };
  const err = (k: string) => (errors[k] ? { validateStatus: 'error' as const, help: errors[k] } : {});

  return (
    <Card title={task ? `编辑${word}` : `新增${word}`} size="small">
      <Form<FormValues>
        form={form}
        name="task-form"
        layout="vertical"
        style={{ maxWidth: 880 }}
        onFinish={submit}
        initialValues={
          task
            ? {
                msgType: task.msgType,
                title: task.title,
                content: task.content,
                templeteId: task.templeteId ?? undefined,
                deadline: task.deadline ? dayjs(task.deadline) : undefined,
              }
            : { msgType: isTask ? 4 : 1 }
        }
      >
        {isTask && (
          <Form.Item label="任务模板" name="templeteId" {...err('templeteId')}>
            <Select
              allowClear
              placeholder="可选：按模板填写"
              options={(templetes.data ?? []).map((t) => ({
                value: t.id,
                label: t.enabled ? t.name : `${t.name}（已停用）`,
                disabled: !t.enabled,
              }))}
              onChange={(id?: number) => {
                const t = templetes.data?.find((x) => x.id === id);
                if (t)
                  form.setFieldsValue({
                    msgType: t.msgType,
                    content: t.content,
                    title: form.getFieldValue('title') || t.name,
                  });
              }}
            />
          </Form.Item>
        )}
        <Form.Item
          label="类型"
          name="msgType"
          rules={[{ required: true, message: '请选择消息类型' }]}
          {...err('msgType')}
        >
          <Select options={types.data ?? []} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="标题" name="title" rules={[{ required: true, message: '请填写标题' }]} {...err('title')}>
          <Input maxLength={50} showCount placeholder="请输入标题" />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[{ required: true, message: '请填写内容' }]} {...err('content')}>
          <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请输入内容" />
        </Form.Item>
        {isTask && (
          <Form.Item
            label="截止时间"
            name="deadline"
            rules={[{ required: true, message: '请选择截止时间' }]}
            {...err('deadline')}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="请选择截止时间" />
          </Form.Item>
        )}
        <StoreTreeField state={treeState} label="接收门店" error={errors.storeIds ?? errors.regionIds} />
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {isTask ? '下发任务' : '发送消息'}
          </Button>
          <Button
            onClick={async () => {
              if (form.isFieldsTouched() && !(await confirm('内容尚未保存，确定放弃修改？'))) return;
              if (task) navigate(`${isTask ? '/taskDetail' : '/messageDetail'}?id=${task.id}`, { replace: true });
              else navigate(LIST_PATHS[kind]);
            }}
          >
            取消
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export function TaskDetailView({ kind }: { kind: TaskKind }) {
  const [search, setSearch] = useSearchParams();
  const has = useButtons();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: TASK_KEYS.detail(id), queryFn: () => fetchTask(id), enabled: valid });
  if (search.get('new') === '1') return <TaskForm kind={kind} task={null} />;
  if (!valid) return <Result status="warning" title="请从列表选择要查看的记录" />;
  if (detail.isLoading) return <Spin />;
  if (!detail.data) return <Alert type="error" title="记录不存在或已被删除" />;
  const task = detail.data;
  const canEdit = task.editable && has(TASK_KIND_ACCESS[kind].edit);
  if (search.get('edit') === '1' && canEdit) return <TaskForm kind={kind} task={task} />;
  return (
    <TaskView task={task} kind={kind} onEdit={canEdit ? () => setSearch({ id: String(id), edit: '1' }) : undefined} />
  );
}
