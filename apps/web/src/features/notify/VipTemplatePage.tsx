/**
 * /vipTemplate (会员通知模板): per event, whether members are told and by which SMS template and
 * official-account template message; each select offers the templates of the event chosen in the
 * form (停用 ones marked and not choosable).
 */

import { useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { NOTIFY_API, type NotifyTemplatePick, VIP_NOTICE } from '@zb/contract/entities/notify';
import { Select } from 'antd';
import { call } from '../../platform/http';
import { callKey } from '../../platform/queryClient';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { useWatchedEvent } from './VarTags';

type PickProps = CustomInputProps & { endpoint: Endpoint<undefined, undefined, NotifyTemplatePick[]>; what: string };

function TemplatePick({ id, value, onChange, disabled, endpoint, what }: PickProps) {
  const event = useWatchedEvent();
  const picks = useQuery({ queryKey: callKey(VIP_NOTICE, endpoint), queryFn: () => call(endpoint) });
  const options = (picks.data ?? [])
    .filter((p) => p.event === event)
    .map((p) => ({ value: p.value, label: p.enabled ? p.label : `${p.label}（已停用）`, disabled: !p.enabled }));
  return (
    <Select<number>
      id={id}
      allowClear
      loading={picks.isLoading}
      disabled={disabled || !event}
      placeholder={event ? `不发${what}` : '请先选择业务事件'}
      notFoundContent={`该事件还没有${what}模板`}
      options={options}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

const SmsPick = (p: CustomInputProps) => <TemplatePick {...p} endpoint={NOTIFY_API.smsTemplatePicks} what="短信" />;
const WxPick = (p: CustomInputProps) => <TemplatePick {...p} endpoint={NOTIFY_API.wxTemplatePicks} what="公众号消息" />;
const INPUTS = { smsTemplateId: SmsPick, wxTemplateId: WxPick };

export default function VipTemplatePage() {
  return <ResourceListPage decl={VIP_NOTICE} inputs={INPUTS} />;
}
