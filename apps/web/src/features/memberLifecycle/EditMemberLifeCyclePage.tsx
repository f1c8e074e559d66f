/**
 * /editMemberLifeCycle 编辑生命周期: the stages' definition (contract entities/memberLifecycle.ts)
 * edited and saved as a new version after a confirmation, the recomputation it queues (polled
 * until done), and every version with who saved it, when and what changed. The contract's rule
 * checks the form before the call; the server checks it again (and refuses a stale version).
 */
import {
  LIFECYCLE_FIELDS,
  LIFECYCLE_NOTE_MAX,
  LIFECYCLE_RUN_STATUSES,
  LIFECYCLE_STAGES,
  type LifecycleParams,
  type LifecycleVersionDto,
} from '@zb/contract/entities/memberLifecycle';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Progress, Space, Spin, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useLifecycleDefinition, useSaveLifecycle } from './api';
import { changeText, type LifecycleValues, runPercent, saveBodyOf } from './lifecycleForm';

/** The fields of each stage's rule, in the form's order. */
const SECTIONS: { stage: string; hint: string; fields: (keyof LifecycleParams)[] }[] = [
  { stage: 'new', hint: '首次到店后的若干天内', fields: ['newDays'] },
  {
    stage: 'active',
    hint: '最近到店在若干天内，且统计窗口内到店次数与消费金额达到要求（未达到为「一般」）',
    fields: ['activeDays', 'activeWindowDays', 'activeMinVisits', 'activeMinSpend'],
  },
  { stage: 'sleeping', hint: '距最近到店的天数在此区间内（须紧接活跃之后）', fields: ['sleepFrom', 'sleepTo'] },
  { stage: 'lost', hint: '距最近到店超过若干天（须紧接沉睡之后）', fields: ['lostAfter'] },
  { stage: 'returned', hint: '流失后再次到店，在若干天内算回流', fields: ['returnDays'] },
];

const fieldOf = (key: string) => LIFECYCLE_FIELDS.find((f) => f.key === key)!;
const stageTag = (value: string) => {
  const s = LIFECYCLE_STAGES.find((x) => x.value === value)!;
  return <Tag color={s.color}>{s.label}</Tag>;
};

export default function EditMemberLifeCyclePage() {
  const { data, isLoading } = useLifecycleDefinition();
  const save = useSaveLifecycle();
  const [values, setValues] = useState<LifecycleValues>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const version = data?.version;
  const params = data?.params;

  useEffect(() => {
    if (params) setValues({ ...params });
  }, [params]);

  if (isLoading) return <Spin />;
  if (!data) return <Empty description="无法读取生命周期定义" />;

  const set = (key: keyof LifecycleParams, v: number | null) => {
    setValues((x) => ({ ...x, [key]: v }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async () => {
    const checked = saveBodyOf(data.version, values, note);
    if (!checked.ok) return setErrors(checked.fields);
    if (!(await confirm('确认修改？保存后将生成新版本，并按新定义重算全部会员的历史阶段。'))) return;
    setBusy(true);
    try {
      await save(checked.body);
      setNote('');
    } catch {
      // Alerted by the http layer; the form keeps the values.
    } finally {
      setBusy(false);
    }
  };

  const run = data.run;
  const runStatus = run ? LIFECYCLE_RUN_STATUSES.find((s) => s.value === run.status) : undefined;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={`生命周期阶段定义（当前版本 ${version === 0 ? '默认' : `V${version}`}）`}>
        <Form layout="vertical">
          {SECTIONS.map((s) => (
            <Form.Item
              key={s.stage}
              label={
                <Space>
                  {stageTag(s.stage)}
                  <span>{s.hint}</span>
                </Space>
              }
            >
              <Space wrap align="start">
                {s.fields.map((key) => {
                  const f = fieldOf(key);
                  const money = f.unit === '分';
                  const v = values[key];
                  return (
                    <Form.Item
                      key={key}
                      label={f.label}
                      validateStatus={errors[key] ? 'error' : undefined}
                      help={errors[key] || undefined}
                      style={{ marginBottom: 0, minWidth: 200 }}
                    >
                      <InputNumber
                        aria-label={f.label}
                        value={v === null || v === undefined ? null : money ? v / 100 : v}
                        precision={money ? 2 : 0}
                        addonAfter={money ? '元' : f.unit}
                        onChange={(n) => set(key, n === null ? null : money ? Math.round(Number(n) * 100) : Number(n))}
                      />
                    </Form.Item>
                  );
                })}
              </Space>
            </Form.Item>
          ))}
          <Form.Item label="修改说明">
            <Input.TextArea
              aria-label="修改说明"
              rows={2}
              maxLength={LIFECYCLE_NOTE_MAX}
              showCount
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Item>
          <Space>
            <Button type="primary" loading={busy} onClick={submit}>
              保存
            </Button>
            <Button
              onClick={() => {
                setValues({ ...data.params });
                setErrors({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form>
      </Card>

      <Card title="历史阶段重算">
        {run ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space>
              <span>版本 V{run.version}</span>
              <Tag color={runStatus?.color}>{runStatus?.label ?? run.status}</Tag>
              <span>{`已处理 ${run.done} / ${run.total} 位会员`}</span>
              {run.finishedAt && <span>完成于 {run.finishedAt}</span>}
            </Space>
            <Progress percent={runPercent(run)} status={run.status === 'failed' ? 'exception' : undefined} />
            {run.message && <Alert type={run.status === 'failed' ? 'error' : 'info'} message={run.message} />}
          </Space>
        ) : (
          <Empty description="暂无重算记录" />
        )}
      </Card>

      <Card title="修改记录">
        <Table<LifecycleVersionDto>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={data.history}
          locale={{ emptyText: '暂无修改记录（当前为默认定义）' }}
          columns={[
            { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `V${v}` },
            { title: '修改人', dataIndex: 'createdByName', width: 120, render: (v: string | null) => v ?? '—' },
            { title: '修改时间', dataIndex: 'createdAt', width: 170 },
            {
              title: '修改内容',
              dataIndex: 'changes',
              render: (_: unknown, r) => (
                <Space direction="vertical" size={0}>
                  {r.changes.map((c) => (
                    <span key={c.field}>{changeText(c)}</span>
                  ))}
                </Space>
              ),
            },
            { title: '说明', dataIndex: 'note', width: 220, render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Card>
    </Space>
  );
}
