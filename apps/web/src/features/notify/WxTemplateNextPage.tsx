/**
 * /wxTemplatenext?id=N (编辑模板消息): one official-account template's fields — each key and the
 * text it is filled with, the event's variables inserted by a click — beside a preview of the
 * message as a member sees it with example values; 保存 writes the fields, 测试发送 sends the saved
 * template to a member who follows the official account.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  NOTIFY_API,
  NOTIFY_EVENTS,
  renderText,
  sampleVarsOf,
  WX_TEMPLATE,
  type WxField,
  wxFieldsMessage,
} from '@zb/contract/entities/notify';
import { enumLabel } from '@zb/contract/resource/define';
import { Alert, App, Button, Card, Col, Descriptions, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { call } from '../../platform/http';
import { idOfSearch } from '../../platform/navigation';
import { useCan } from '../../platform/permissions';
import { detailKey, invalidateAfterWrite } from '../../platform/queryClient';
import { TestSendButton } from './TestSendButton';
import { WxFieldsEditor } from './WxFieldsInput';

/** The message as WeChat shows it: the first line, each keyword, the remark. */
export function WxPreview({ title, fields, event }: { title: string; fields: readonly WxField[]; event: string }) {
  const vars = sampleVarsOf(event);
  const text = (key: string) => renderText(fields.find((f) => f.key === key)?.value ?? '', vars);
  const middle = fields.filter((f) => f.key !== 'first' && f.key !== 'remark');
  return (
    <Card size="small" title={title} style={{ maxWidth: 360, background: '#fafafa' }} data-testid="wx-preview">
      {text('first') && <Typography.Paragraph>{text('first')}</Typography.Paragraph>}
      {middle.map((f) => (
        <Typography.Paragraph key={f.key} style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary">{f.key}：</Typography.Text>
          {renderText(f.value, vars)}
        </Typography.Paragraph>
      ))}
      {text('remark') && <Typography.Paragraph type="secondary">{text('remark')}</Typography.Paragraph>}
    </Card>
  );
}

export default function WxTemplateNextPage() {
  const id = idOfSearch(useLocation().search);
  const canEdit = useCan(buttonCodeOf('/wxTemplate', 'edit'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: detailKey(WX_TEMPLATE, id ?? 0),
    queryFn: () => call(NOTIFY_API.wxTemplate.detail, { params: { id: id! } }),
    enabled: id !== null,
  });
  const [fields, setFields] = useState<WxField[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (q.data) setFields((q.data.fields as WxField[] | null) ?? []);
  }, [q.data]);
  if (id === null) return <Result status="404" subTitle="请从微信模板消息列表打开" />;
  if (q.isError) return <Result status="warning" subTitle="模板消息不存在或已删除" />;
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const t = q.data;
  const problem = fields.length === 0 ? '请至少填写一个模板字段' : wxFieldsMessage(fields, t.event);
  const save = async () => {
    setSaving(true);
    try {
      await call(NOTIFY_API.wxTemplate.update!, { body: { id, fields } });
      await invalidateAfterWrite(queryClient, WX_TEMPLATE);
      void message.success('模板字段已保存');
    } catch {
      // The refusal (a field error) was shown by the call's alert.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t.title}
        extra={
          <Space>
            <Link to="/wxTemplate">返回列表</Link>
            {canEdit && (
              <TestSendButton
                link={false}
                endpoint={NOTIFY_API.wxTest}
                templateId={t.id}
                hint="用示例变量发送已保存的模板到一位已关注公众号的会员（按手机号查找会员）。"
              />
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="业务事件">{enumLabel(NOTIFY_EVENTS, t.event)}</Descriptions.Item>
          <Descriptions.Item label="模板ID">{t.templateId}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={t.enabled ? 'green' : 'default'}>{t.enabled ? '启用' : '停用'}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="跳转链接" span={3}>
            {t.url || '不跳转'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={16}>
        <Col flex="auto">
          <Card title="模板字段">
            <WxFieldsEditor value={fields} onChange={setFields} disabled={!canEdit} event={t.event} />
            {problem && <Alert type="warning" showIcon style={{ marginTop: 12 }} title={problem} />}
            {canEdit && (
              <Button type="primary" style={{ marginTop: 16 }} loading={saving} disabled={!!problem} onClick={save}>
                保存
              </Button>
            )}
          </Card>
        </Col>
        <Col flex="380px">
          <Card title="预览（示例数据）">
            <WxPreview title={t.title} fields={fields} event={t.event} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
