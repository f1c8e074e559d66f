/** 修改 Cron 表达式: the input with the next five run times (or the server's reason) beneath it. */
import type { ScheduleJobRow } from '@zb/contract/api/schedule';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { cronPreviewOf, fieldErrorOf } from './scheduleModel';
import { useCronPreview } from './useSchedule';

interface Props {
  job: ScheduleJobRow | null;
  saving: boolean;
  onSave: (cron: string) => Promise<unknown>;
  onClose: () => void;
}

export function CronModal({ job, saving, onSave, onClose }: Props) {
  const [cron, setCron] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    setCron(job?.cron ?? '');
    setSaveError(null);
  }, [job]);
  const preview = useCronPreview(cron);
  const shown = cronPreviewOf(cron, {
    isFetching: preview.isFetching,
    data: preview.cron === cron.trim() ? preview.data : undefined,
    error: preview.cron === cron.trim() ? preview.error : null,
  });
  const problem = saveError ?? (shown.kind === 'error' ? shown.message : null);

  const submit = async () => {
    try {
      await onSave(cron.trim());
      onClose();
    } catch (e) {
      setSaveError(fieldErrorOf(e, 'cron'));
    }
  };

  return (
    <Modal
      open={job !== null}
      title={job ? `修改「${job.title}」` : ''}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !cron.trim() }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Cron 表达式"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? `分 时 日 月 周（北京时间），默认 ${job?.defaultCron ?? ''}`}
        >
          <Input
            aria-label="Cron 表达式"
            value={cron}
            maxLength={100}
            onChange={(e) => {
              setCron(e.target.value);
              setSaveError(null);
            }}
          />
        </Form.Item>
      </Form>
      <Typography.Text strong>接下来 5 次执行时间</Typography.Text>
      {shown.kind === 'times' ? (
        <ol aria-label="接下来 5 次执行时间">
          {shown.times.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary">
          {shown.kind === 'loading' ? '计算中…' : shown.kind === 'empty' ? '请填写 Cron 表达式' : '—'}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
