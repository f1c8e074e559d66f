/**
 * /wxTemplate (微信模板消息): the official account's template messages — each its template ID, the
 * event it tells of and the text of each key — with 配置字段 (/wxTemplatenext: fields, preview and
 * 测试发送), and 发送记录 of the official-account and subscribe messages.
 */
import { WX_LOG, WX_TEMPLATE } from '@zb/contract/entities/notify';
import { Button, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { WxFieldsInput } from './WxFieldsInput';

const INPUTS = { fields: WxFieldsInput };

export default function WxTemplatePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tab = search.get('tab') === 'log' ? 'log' : 'templates';
  return (
    <Tabs
      destroyOnHidden
      activeKey={tab}
      onChange={(key) => navigate(`?tab=${key}`)}
      items={[
        {
          key: 'templates',
          label: '模板消息',
          children: (
            <ResourceListPage
              decl={WX_TEMPLATE}
              inputs={INPUTS}
              rowActions={(row) => (
                <Button type="link" size="small" onClick={() => navigate(`/wxTemplatenext?id=${row.id}`)}>
                  配置字段
                </Button>
              )}
            />
          ),
        },
        { key: 'log', label: '发送记录', children: <ResourceListPage decl={WX_LOG} readOnly /> },
      ]}
    />
  );
}
