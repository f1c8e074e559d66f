/**
 * /SMSmessage (短信管理): 短信模板 (the text with the event's variables, previewed and charged as the
 * member would receive it; 测试发送), 发送记录 (every SMS: its parts, fee and what became of it),
 * 退订名单 (phones never sent an SMS again) and 发送设置 (per-phone limits and the price of a part).
 */
import { SMS_SETTINGS_API } from '@zb/contract/api/configUtils';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { NOTIFY_API, SMS_LOG, SMS_OPTOUT, SMS_TEMPLATE } from '@zb/contract/entities/notify';
import { Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { SettingsTable } from '../../platform/settings/SettingsTable';
import { SmsContentInput } from './SmsContentInput';
import { TestSendButton } from './TestSendButton';

const TABS = ['templates', 'log', 'optout', 'settings'] as const;
const INPUTS = { content: SmsContentInput };

export default function SmsMessagePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const canEdit = useCan(buttonCodeOf('/SMSmessage', 'edit'));
  const tab = TABS.find((t) => t === search.get('tab')) ?? 'templates';
  return (
    <Tabs
      destroyOnHidden
      activeKey={tab}
      onChange={(key) => navigate(`?tab=${key}`)}
      items={[
        {
          key: 'templates',
          label: '短信模板',
          children: (
            <ResourceListPage
              decl={SMS_TEMPLATE}
              inputs={INPUTS}
              rowActions={(row) =>
                canEdit && (
                  <TestSendButton
                    endpoint={NOTIFY_API.smsTest}
                    templateId={row.id}
                    hint={`用示例变量发送「${row.name}」到一个手机号（测试短信不计入单号码发送上限，退订号码不会收到）。`}
                  />
                )
              }
            />
          ),
        },
        { key: 'log', label: '发送记录', children: <ResourceListPage decl={SMS_LOG} readOnly /> },
        { key: 'optout', label: '退订名单', children: <ResourceListPage decl={SMS_OPTOUT} /> },
        { key: 'settings', label: '发送设置', children: <SettingsTable api={SMS_SETTINGS_API} /> },
      ]}
    />
  );
}
