/**
 * The real-card activity form (新增 / 编辑): name, the goods card a claim hands out, how many cards,
 * the claiming period and a remark. Checked with the contract's schema before sending; the
 * server's field errors land on their fields; what the activity's state no longer allows (card,
 * quantity and start once approved) is shown but locked; leaving with changes asks 确认关闭？.
 */
import {
  ACTIVITY_EDITABLE,
  ACTIVITY_NAME_MAX,
  ACTIVITY_TEXT_MAX,
  REAL_CARD_MAX,
  type RealCardActivityView,
  realCardActivityForm,
} from '@zb/contract/entities/marketingActivity';
import { fieldErrors } from '@zb/contract/rules';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { confirmLeave } from '../../platform/alerts';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { useThrottledSubmit } from '../../platform/throttle';
import { saveActivity, useActivityCardOptions, useRefreshActivities } from './api';

interface Props {
  /** The activity being edited; none creates one. */
  activity?: RealCardActivityView;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

interface Values {
  name: string;
  cardId?: number;
  quantity: number | null;
  startDate: string;
  endDate: string;
  remark: string;
}

const CARD_KIND_LABEL: Record<string, string> = { combo: '套餐卡', stored: '储值卡' };

export function RealCardForm({ activity, onSaved, onCancel }: Props) {
  const options = useActivityCardOptions();
  const refresh = useRefreshActivities();
  const [v, setV] = useState<Values>(() => ({
    name: activity?.name ?? '',
    cardId: activity?.cardId,
    quantity: activity?.quantity ?? 100,
    startDate: activity?.startDate ?? dayjs().format('YYYY-MM-DD'),
    endDate: activity?.endDate ?? dayjs().add(30, 'day').format('YYYY-MM-DD'),
    remark: activity?.remark ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const editable = activity ? ACTIVITY_EDITABLE[activity.status] : 'all';
  const locked = (field: string) => editable !== 'all' && !editable?.includes(field);
  const set = (patch: Partial<Values>) => {
    setDirty(true);
    setErrors({});
    setV((cur) => ({ ...cur, ...patch }));
  };

  const save = useThrottledSubmit(async () => {
    const parsed = realCardActivityForm.safeParse({
      ...(activity ? { id: activity.id } : {}),
      name: v.name,
      cardId: v.cardId,
      quantity: v.quantity ?? undefined,
      startDate: v.startDate,
      endDate: v.endDate,
      remark: v.remark.trim() || null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setSaving(true);
    try {
      const saved = await saveActivity(parsed.data);
      await refresh();
      setDirty(false);
      onSaved(saved.id);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  });

  const item = (field: keyof Values, label: string, required: boolean, control: React.ReactNode, help?: string) => (
    <Form.Item
      label={label}
      required={required}
      validateStatus={errors[field] ? 'error' : undefined}
      help={errors[field] ?? help}
    >
      {control}
    </Form.Item>
  );

  const cardChoices = (options.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.name}（${CARD_KIND_LABEL[c.kind] ?? c.kind}）`,
  }));
  // An activity keeps its card after the card went off sale: show it anyway.
  if (activity && !cardChoices.some((c) => c.value === activity.cardId)) {
    cardChoices.unshift({ value: activity.cardId, label: `${activity.cardName}（已停售）` });
  }

  return (
    <Form layout="vertical" name="real-card-activity-form" style={{ maxWidth: 640 }}>
      {item(
        'name',
        '活动名称',
        true,
        <Input
          aria-label="活动名称"
          maxLength={ACTIVITY_NAME_MAX}
          value={v.name}
          onChange={(e) => set({ name: e.target.value })}
        />,
      )}
      {item(
        'cardId',
        '卡项',
        true,
        <Select
          aria-label="卡项"
          placeholder="请选择领取后发放的卡项"
          loading={options.isLoading}
          disabled={locked('cardId')}
          value={v.cardId}
          showSearch={{ optionFilterProp: 'label' }}
          options={cardChoices}
          onChange={(cardId: number) => set({ cardId })}
        />,
        '顾客扫码领取后，该卡项发放到其会员账户',
      )}
      {item(
        'quantity',
        '制卡数量',
        true,
        <InputNumber
          aria-label="制卡数量"
          min={1}
          max={REAL_CARD_MAX}
          precision={0}
          style={{ width: 200 }}
          disabled={locked('quantity')}
          value={v.quantity}
          onChange={(quantity) => set({ quantity })}
          suffix="张"
        />,
        `最多 ${REAL_CARD_MAX} 张；审核通过前修改数量会重新生成卡号`,
      )}
      <Space size="large" align="start" wrap>
        {item(
          'startDate',
          '领取开始日期',
          true,
          <DatePicker
            aria-label="领取开始日期"
            disabled={locked('startDate')}
            value={v.startDate ? dayjs(v.startDate) : null}
            onChange={(d) => set({ startDate: d ? d.format('YYYY-MM-DD') : '' })}
          />,
        )}
        {item(
          'endDate',
          '领取结束日期',
          true,
          <DatePicker
            aria-label="领取结束日期"
            value={v.endDate ? dayjs(v.endDate) : null}
            onChange={(d) => set({ endDate: d ? d.format('YYYY-MM-DD') : '' })}
          />,
        )}
      </Space>
      {item(
        'remark',
        '备注',
        false,
        <Input.TextArea
          aria-label="备注"
          rows={3}
          maxLength={ACTIVITY_TEXT_MAX}
          showCount
          value={v.remark}
          onChange={(e) => set({ remark: e.target.value })}
        />,
      )}
      <Space>
        <Button type="primary" loading={saving} onClick={() => save()}>
          {activity ? '保存' : '保存并生成卡号'}
        </Button>
        <Button
          onClick={async () => {
            if (await confirmLeave(dirty)) onCancel();
          }}
        >
          取消
        </Button>
      </Space>
    </Form>
  );
}
