/**
 * The crowd's conditions: groups (或) of conditions (且); each condition its kind and that kind's
 * own input — stores and regions of the user's scope, levels, genders, card products, number
 * ranges (money typed in 元, kept in 分), months, days. Add and remove conditions and groups.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CROWD_CARD_MODES,
  CROWD_CONDITION_KIND_LIST,
  CROWD_CONDITION_KINDS,
  CROWD_MONEY_MAX,
  type CrowdCondition,
  type CrowdConditionKind,
  type CrowdOptions,
  type CrowdRule,
  MONTHS,
} from '@zb/contract/entities/crowd';
import { Button, Card, DatePicker, Dropdown, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { fenToYuan, newCondition, withAdded, withCondition, withoutCondition, yuanToFen } from './crowdRules';

type Range = { min?: number | null; max?: number | null };

const toOptions = (list: readonly { id: number; name: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

function Multi({
  value,
  onChange,
  options,
  placeholder,
  label,
}: {
  value: number[];
  onChange: (v: number[]) => void;
  options: { value: number; label: string }[];
  placeholder: string;
  label: string;
}) {
  return (
    <Select<number[]>
      mode="multiple"
      aria-label={label}
      style={{ minWidth: 240 }}
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
    />
  );
}

function RangeInput({
  value,
  onChange,
  unit,
  money,
  label,
}: {
  value: Range;
  onChange: (v: Range) => void;
  unit: string;
  money?: boolean;
  label: string;
}) {
  const shown = (n: number | null | undefined) => (money ? fenToYuan(n) : (n ?? null));
  const kept = (n: number | null) => (money ? yuanToFen(n) : n);
  return (
    <Space.Compact>
      <InputNumber<number>
        aria-label={`${label}下限`}
        placeholder="不限"
        min={0}
        max={money ? CROWD_MONEY_MAX / 100 : undefined}
        precision={money ? 2 : 0}
        value={shown(value.min)}
        onChange={(n) => onChange({ ...value, min: kept(n) })}
      />
      <Button disabled>至</Button>
      <InputNumber<number>
        aria-label={`${label}上限`}
        placeholder="不限"
        min={0}
        max={money ? CROWD_MONEY_MAX / 100 : undefined}
        precision={money ? 2 : 0}
        value={shown(value.max)}
        onChange={(n) => onChange({ ...value, max: kept(n) })}
        suffix={unit}
      />
    </Space.Compact>
  );
}

/** The input of one condition, by its kind. */
function ValueInput({
  c,
  onChange,
  options,
}: {
  c: CrowdCondition;
  onChange: (c: CrowdCondition) => void;
  options: CrowdOptions | undefined;
}): ReactNode {
  switch (c.kind) {
    case 'store':
      return (
        <Space wrap>
          <Multi
            label="门店"
            placeholder="选择门店"
            value={c.storeIds}
            onChange={(storeIds) => onChange({ ...c, storeIds })}
            options={toOptions(options?.stores)}
          />
          <Typography.Text type="secondary">或</Typography.Text>
          <Multi
            label="大区"
            placeholder="选择大区"
            value={c.regionIds}
            onChange={(regionIds) => onChange({ ...c, regionIds })}
            options={toOptions(options?.regions)}
          />
        </Space>
      );
    case 'level':
      return (
        <Multi
          label="会员等级"
          placeholder="选择会员等级"
          value={c.levelIds}
          onChange={(levelIds) => onChange({ ...c, levelIds })}
          options={toOptions(options?.levels)}
        />
      );
    case 'tag':
      return (
        <Multi
          label="会员标签"
          placeholder="选择会员标签"
          value={c.tagIds}
          onChange={(tagIds) => onChange({ ...c, tagIds })}
          options={toOptions(options?.tags)}
        />
      );
    case 'gender':
      return (
        <Multi
          label="性别"
          placeholder="选择性别"
          value={c.genderIds}
          onChange={(genderIds) => onChange({ ...c, genderIds })}
          options={toOptions(options?.genders)}
        />
      );
    case 'lastVisit':
      return (
        <RangeInput label="最近到店天数" unit="天前" value={c.days} onChange={(days) => onChange({ ...c, days })} />
      );
    case 'balance':
      return (
        <RangeInput
          label="储值余额"
          unit="元"
          money
          value={c.amount}
          onChange={(amount) => onChange({ ...c, amount })}
        />
      );
    case 'spend':
      return (
        <Space wrap>
          <span>近</span>
          <InputNumber<number>
            aria-label="消费统计天数"
            min={1}
            precision={0}
            value={c.days}
            onChange={(days) => onChange({ ...c, days: days ?? 0 })}
            suffix="天"
          />
          <span>消费</span>
          <RangeInput
            label="消费金额"
            unit="元"
            money
            value={c.amount}
            onChange={(amount) => onChange({ ...c, amount })}
          />
        </Space>
      );
    case 'birthdayMonth':
      return (
        <Multi
          label="生日月份"
          placeholder="选择月份"
          value={c.months}
          onChange={(months) => onChange({ ...c, months: [...months].sort((a, b) => a - b) })}
          options={MONTHS.map((m) => ({ value: m, label: `${m}月` }))}
        />
      );
    case 'cards':
      return (
        <Space wrap>
          <Select
            aria-label="持卡情况"
            style={{ width: 150 }}
            value={c.mode}
            onChange={(mode) => onChange({ ...c, mode })}
            options={CROWD_CARD_MODES.map((m) => ({ value: m.value, label: m.label }))}
          />
          {c.mode === 'products' && (
            <Multi
              label="卡项"
              placeholder="选择卡项"
              value={c.cardIds}
              onChange={(cardIds) => onChange({ ...c, cardIds })}
              options={toOptions(options?.cards)}
            />
          )}
        </Space>
      );
    case 'joined':
      return (
        <DatePicker.RangePicker
          aria-label="注册日期"
          allowEmpty={[true, true]}
          value={[c.from ? dayjs(c.from) : null, c.to ? dayjs(c.to) : null]}
          onChange={(v) =>
            onChange({
              ...c,
              from: v?.[0] ? v[0].format('YYYY-MM-DD') : null,
              to: v?.[1] ? v[1].format('YYYY-MM-DD') : null,
            })
          }
        />
      );
  }
}

const kindItems = CROWD_CONDITION_KIND_LIST.map((k) => ({ key: k, label: CROWD_CONDITION_KINDS[k].label }));

interface Props {
  rule: CrowdRule;
  onChange: (rule: CrowdRule) => void;
  options: CrowdOptions | undefined;
}

export function ConditionBuilder({ rule, onChange, options }: Props) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {rule.groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups have no identity but their place
        <div key={g}>
          {g > 0 && (
            <Tag color="orange" style={{ marginBottom: 8 }}>
              或
            </Tag>
          )}
          <Card size="small" title={`条件组 ${g + 1}（组内条件同时满足）`}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {group.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place
                <Space key={i} wrap align="start" data-testid={`condition-${g}-${i}`}>
                  {i > 0 && <Tag color="blue">且</Tag>}
                  <Select<CrowdConditionKind>
                    aria-label="条件类型"
                    style={{ width: 120 }}
                    value={c.kind}
                    onChange={(kind) => onChange(withCondition(rule, g, i, newCondition(kind)))}
                    options={kindItems.map((k) => ({ value: k.key, label: k.label }))}
                  />
                  <ValueInput c={c} options={options} onChange={(next) => onChange(withCondition(rule, g, i, next))} />
                  <Button
                    aria-label="删除条件"
                    icon={<DeleteOutlined />}
                    type="text"
                    danger
                    onClick={() => onChange(withoutCondition(rule, g, i))}
                  />
                  <Typography.Text type="secondary">{CROWD_CONDITION_KINDS[c.kind].hint}</Typography.Text>
                </Space>
              ))}
              <Dropdown
                menu={{
                  items: kindItems,
                  onClick: ({ key }) => onChange(withAdded(rule, g, key as CrowdConditionKind)),
                }}
              >
                <Button icon={<PlusOutlined />}>添加条件</Button>
              </Dropdown>
            </Space>
          </Card>
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange({ groups: [...rule.groups, [newCondition('level')]] })}
      >
        添加条件组（或）
      </Button>
    </Space>
  );
}
