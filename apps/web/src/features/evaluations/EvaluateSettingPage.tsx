/**
 * /evaluateSetting (评价设置): the settings (分制, 好评/差评分数线, 单项低分, 邀请时机, 可评价天数,
 * 差评通知人员), checked by the contract's evaSettingSchema as typed and by the server on 保存; and
 * the 评价维度 below on the resource engine (新增/编辑/删除 with the page's 编辑).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVALUATION_EXTRA_API } from '@zb/contract/api/evaluations';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  EVA_DIMENSION,
  EVA_INVITE_TIMINGS,
  EVA_SCALE_MAX,
  EVA_SCALE_MIN,
  type EvaSetting,
  evaSettingSchema,
} from '@zb/contract/entities/evaluation';
import { Button, Card, Form, InputNumber, Radio, Select, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

const SETTING_KEY = ['evaluations', 'setting'] as const;

function SettingForm() {
  const client = useQueryClient();
  const has = useButtons();
  const canEdit = has(buttonCodeOf('/evaluateSetting', 'edit'));
  const q = useQuery({ queryKey: SETTING_KEY, queryFn: () => call(EVALUATION_EXTRA_API.getSetting) });
  const [form] = Form.useForm<EvaSetting>();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const users = useQuery({
    queryKey: ['evaluations', 'handlers', keyword],
    queryFn: () => call(EVALUATION_EXTRA_API.handlers, { query: keyword ? { keyword } : {} }),
  });
  const timing = Form.useWatch('inviteTiming', form);
  const scaleMax = Form.useWatch('scaleMax', form) ?? 5;

  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const known = new Map([...q.data.notifyUsers, ...(users.data ?? [])].map((u) => [u.id, u.name]));

  const save = async () => {
    const values = form.getFieldsValue(true) as EvaSetting;
    const parsed = evaSettingSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof EvaSetting, errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      await call(EVALUATION_EXTRA_API.saveSetting, { body: parsed.data });
      notify('success', '评价设置已保存');
      await client.invalidateQueries({ queryKey: SETTING_KEY });
    } catch {
      // Alerted by the http layer (field errors included).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} disabled={!canEdit}>
      <Form.Item label="分制" name="scaleMax" extra="每个维度评 1 分到满分">
        <InputNumber min={EVA_SCALE_MIN} max={EVA_SCALE_MAX} precision={0} addonAfter="分制" />
      </Form.Item>
      <Form.Item label="好评分数线" name="goodMin" extra="平均分不低于此分为好评（计入满意度）">
        <InputNumber min={1} max={scaleMax} precision={0} addonAfter="分及以上" />
      </Form.Item>
      <Form.Item label="差评分数线" name="badMax" extra="平均分不高于此分为差评">
        <InputNumber min={1} max={scaleMax} precision={0} addonAfter="分及以下" />
      </Form.Item>
      <Form.Item
        label="单项低分计为差评"
        name="badAnyDimension"
        valuePropName="checked"
        extra="任一维度评分不高于差评分数线也计为差评"
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.Item label="邀请发送时机" name="inviteTiming">
        <Radio.Group options={EVA_INVITE_TIMINGS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      {timing === 'afterHours' && (
        <Form.Item label="延迟小时数" name="inviteDelayHours">
          <InputNumber min={1} max={72} precision={0} addonAfter="小时" />
        </Form.Item>
      )}
      <Form.Item label="可评价天数" name="validDays" extra="收银单后超过此天数的评价不再接受">
        <InputNumber min={1} max={60} precision={0} addonAfter="天" />
      </Form.Item>
      <Form.Item label="差评通知人员" name="notifyUserIds" extra="收到差评时，这些账号的通知铃会实时提醒">
        <Select<number[]>
          aria-label="差评通知人员"
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          placeholder="选择总部负责评价的人员"
          options={[...known].map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 6 }}>
        <Space>
          {canEdit && (
            <Button type="primary" loading={saving} onClick={save}>
              保存
            </Button>
          )}
          {q.data.updatedAt && (
            <Typography.Text type="secondary">
              最近保存：{q.data.updatedByName ?? '—'} · {q.data.updatedAt}
            </Typography.Text>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

export default function EvaluateSettingPage() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="评价规则">
        <SettingForm />
      </Card>
      <Card title="评价维度">
        <ResourceListPage decl={EVA_DIMENSION} />
      </Card>
    </Space>
  );
}
