/**
 * /taskTemplete (任务模板): the templates a task may be filled from. A 停用 template (the demo
 * carries one disabled in advance, SPEC §2.12) stays listed but cannot be chosen for a task.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelOf, MSG_TYPES, TASK_KIND_ACCESS, type TaskTemplete } from '@zb/contract/api/taskCenter';
import { Button, Form, Input, Modal, Select, Space, Switch, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useButtons } from '../../platform/permissions';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { fetchTempletes, saveTemplete, TASK_KEYS } from './api';

interface Values {
  name?: string;
  msgType?: number;
  content?: string;
  enabled?: boolean;
}

export default function TaskTempletePage() {
  const navigate = useNavigate();
  const canEdit = useButtons()(TASK_KIND_ACCESS[2].edit);
  const list = useQuery({ queryKey: TASK_KEYS.templetes, queryFn: fetchTempletes });
  const client = useQueryClient();
  const [editing, setEditing] = useState<TaskTemplete | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: saveTemplete,
    onSuccess: async () => {
      setEditing(null);
      await client.invalidateQueries({ queryKey: TASK_KEYS.templetes });
    },
    onError: (e) => setErrors(fieldErrorsOf(e) ?? {}),
  });
  const toggle = (t: TaskTemplete, enabled: boolean) =>
    save.mutate({ id: t.id, name: t.name, msgType: t.msgType, content: t.content, enabled });
  const openForm = (t: TaskTemplete | 'new') => {
    setErrors({});
    form.setFieldsValue(
      t === 'new'
        ? { name: '', msgType: 4, content: '', enabled: true }
        : { name: t.name, msgType: t.msgType, content: t.content, enabled: t.enabled },
    );
    setEditing(t);
  };
  const err = (k: string) => (errors[k] ? { validateStatus: 'error' as const, help: errors[k] } : {});

  const columns: TableProps<TaskTemplete>['columns'] = [
    { title: '模板名称', dataIndex: 'name', width: 220 },
    { title: '类型', dataIndex: 'msgType', width: 110, render: (v: number) => labelOf(MSG_TYPES, v) },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 120,
      render: (on: boolean, t) =>
        canEdit ? (
          <Switch
            checked={on}
            checkedChildren="启用"
            unCheckedChildren="停用"
            aria-label={`启用 ${t.name}`}
            onChange={(v) => toggle(t, v)}
          />
        ) : (
          <Tag color={on ? 'green' : 'default'}>{on ? '启用' : '停用'}</Tag>
        ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, t: TaskTemplete) => (
              <Button type="link" onClick={() => openForm(t)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate('/taskList')}>返回任务列表</Button>
        {canEdit && (
          <Button type="primary" onClick={() => openForm('new')}>
            新增模板
          </Button>
        )}
      </Space>
      <Table<TaskTemplete>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增模板' : '编辑模板'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        forceRender
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) =>
            save.mutate({
              ...(editing && editing !== 'new' ? { id: editing.id } : {}),
              name: v.name ?? '',
              msgType: v.msgType ?? 4,
              content: v.content ?? '',
              enabled: v.enabled ?? true,
            })
          }
        >
          <Form.Item
            label="模板名称"
            name="name"
            rules={[{ required: true, message: '请填写模板名称' }]}
            {...err('name')}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="类型" name="msgType" {...err('msgType')}>
            <Select options={MSG_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item
            label="内容"
            name="content"
            rules={[{ required: true, message: '请填写模板内容' }]}
            {...err('content')}
          >
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
