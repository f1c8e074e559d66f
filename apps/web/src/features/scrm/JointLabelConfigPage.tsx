/**
 * /jointLabelConfig (联合标签配置): the WeCom customers of the SCRM stores and how the last sync
 * went, 立即同步, and the links of member tags to WeCom customer tags (联合标签: a rule tag only
 * toward WeCom) with the customers each WeCom tag is on; 企业微信客户 lists the customers read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { SCRM_API, SCRM_CONTACT, SCRM_TAG_LINK, scrmRunText } from '@zb/contract/entities/scrm';
import { formatDateTime } from '@zb/contract/time';
import { App, Button, Card, Descriptions, Popconfirm, Select, Tabs, Tag } from 'antd';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { callKey, resourceKey } from '../../platform/queryClient';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

function MemberTagInput({ id, value, onChange, disabled }: CustomInputProps) {
  const tags = useQuery({ queryKey: callKey(SCRM_TAG_LINK, SCRM_API.tags), queryFn: () => call(SCRM_API.tags) });
  return (
    <Select<number>
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      loading={tags.isLoading}
      disabled={disabled}
      placeholder="请选择会员标签"
      options={(tags.data ?? []).map((t) => ({
        value: t.value,
        label: `${t.label}（${t.kind === 'rule' ? '规则' : '手动'}）`,
      }))}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
const INPUTS = { memberTagId: MemberTagInput };

function StatusCard() {
  const canEdit = useCan(buttonCodeOf('/jointLabelConfig', 'edit'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: callKey(SCRM_TAG_LINK, SCRM_API.status), queryFn: () => call(SCRM_API.status) });
  const sync = async () => {
    try {
      const r = await call(SCRM_API.sync, { body: {} });
      void message.success(scrmRunText(r));
    } catch {
      // The refusal (WeCom unreachable or refusing) was shown by the call's alert; the run is in the status.
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKey(SCRM_TAG_LINK) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(SCRM_CONTACT) }),
      ]);
    }
  };
  const s = status.data;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title="企业微信客户同步"
      loading={status.isLoading}
      extra={
        canEdit && (
          <Popconfirm
            title="从企业微信读取 SCRM 门店员工的客户，并按联合标签双向同步标签，确定同步吗？"
            onConfirm={sync}
          >
            <Button type="primary">立即同步</Button>
          </Popconfirm>
        )
      }
    >
      {s && (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="对接地址">{s.endpoint}</Descriptions.Item>
          <Descriptions.Item label="SCRM 门店">
            {s.stores} 家，员工 {s.staff} 人（企业微信账号为员工手机号）
          </Descriptions.Item>
          <Descriptions.Item label="最近同步" span={2}>
            {s.lastRun ? (
              <>
                <Tag color={s.lastRun.status === 'succeeded' ? 'green' : 'red'}>
                  {s.lastRun.status === 'succeeded' ? '成功' : '失败'}
                </Tag>
                {formatDateTime(s.lastRun.at)} {s.lastRun.text}
              </>
            ) : (
              '尚未同步'
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

export default function JointLabelConfigPage() {
  return (
    <>
      <StatusCard />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'links', label: '联合标签', children: <ResourceListPage decl={SCRM_TAG_LINK} inputs={INPUTS} /> },
          { key: 'contacts', label: '企业微信客户', children: <ResourceListPage decl={SCRM_CONTACT} readOnly /> },
        ]}
      />
    </>
  );
}
