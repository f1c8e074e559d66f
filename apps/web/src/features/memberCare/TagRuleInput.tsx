/**
 * The rule of a rule tag (contract entities/memberCare.ts TAG_RULE_KINDS): conditions that must all
 * hold, each its kind and its bounds — days, counts, money typed in 元 and kept in 分. The server
 * checks the rule again with the same schema (tagRule).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TAG_CONDITIONS_MAX,
  TAG_RULE_KINDS,
  type TagCondition,
  type TagRule,
  type TagRuleKind,
} from '@zb/contract/entities/memberCare';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import type { CustomInputProps } from '../../platform/resource/customInputs';

type Range = { min?: number | null; max?: number | null };

const KIND_OPTIONS = (Object.keys(TAG_RULE_KINDS) as TagRuleKind[]).map((k) => ({
  value: k,
  label: TAG_RULE_KINDS[k].label,
}));

export const newTagCondition = (kind: TagRuleKind): TagCondition => {
  switch (kind) {
    case 'visits':
      return { kind, days: 30, count: { min: 3 } };
    case 'spend':
      return { kind, days: 90, amount: { min: 100_000 } };
    case 'balance':
      return { kind, amount: { min: 100_000 } };
    case 'lastVisit':
      return { kind, days: { min: 60 } };
  }
};

const toFen = (v: number | null): number | null => (v === null ? null : Math.round(v * 100));
const toYuan = (v: number | null | undefined): number | null => (v == null ? null : v / 100);

function RangeInput({
  value,
  onChange,
  money,
  label,
}: {
  value: Range;
  onChange: (r: Range) => void;
  money?: boolean;
  label: string;
}) {
  const shown = (v: number | null | undefined) => (money ? toYuan(v) : (v ?? null));
  const kept = (v: number | null) => (money ? toFen(v) : v);
  return (
    <Space size={4}>
      <InputNumber
        aria-label={`${label}下限`}
        min={0}
        precision={money ? 2 : 0}
        placeholder="不限"
        value={shown(value.min)}
        onChange={(v) => onChange({ ...value, min: kept(v) })}
      />
      <span>～</span>
      <InputNumber
        aria-label={`${label}上限`}
        min={0}
        precision={money ? 2 : 0}
        placeholder="不限"
        value={shown(value.max)}
        onChange={(v) => onChange({ ...value, max: kept(v) })}
      />
      <span>{money ? '元' : label.includes('天') ? '天前' : '次'}</span>
    </Space>
  );
}

function DaysInput({ value, onChange, label }: { value: number; onChange: (n: number) => void; label: string }) {
  return (
    <Space size={4}>
      <span>近</span>
      <InputNumber aria-label={label} min={1} precision={0} value={value} onChange={(v) => onChange(v ?? 1)} />
      <span>天</span>
    </Space>
  );
}

function ConditionInput({ c, onChange }: { c: TagCondition; onChange: (c: TagCondition) => void }) {
  switch (c.kind) {
    case 'visits':
      return (
        <Space wrap>
          <DaysInput label="到店统计天数" value={c.days} onChange={(days) => onChange({ ...c, days })} />
          <span>到店</span>
          <RangeInput label="到店次数" value={c.count} onChange={(count) => onChange({ ...c, count })} />
        </Space>
      );
    case 'spend':
      return (
        <Space wrap>
          <DaysInput label="消费统计天数" value={c.days} onChange={(days) => onChange({ ...c, days })} />
          <span>消费</span>
          <RangeInput label="消费金额" money value={c.amount} onChange={(amount) => onChange({ ...c, amount })} />
        </Space>
      );
    case 'balance':
      return <RangeInput label="储值余额" money value={c.amount} onChange={(amount) => onChange({ ...c, amount })} />;
    case 'lastVisit':
      return <RangeInput label="最近到店天数" value={c.days} onChange={(days) => onChange({ ...c, days })} />;
  }
}

export function TagRuleInput({ id, value, onChange, disabled }: CustomInputProps) {
  const rule = (value as TagRule | null | undefined) ?? { conditions: [] };
  const set = (conditions: TagCondition[]) => onChange?.(conditions.length ? { conditions } : null);
  return (
    <div id={id}>
      {rule.conditions.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }} wrap>
          {i > 0 && <Typography.Text type="secondary">且</Typography.Text>}
          <Select<TagRuleKind>
            aria-label={`条件 ${i + 1} 类型`}
            style={{ width: 140 }}
            disabled={disabled}
            value={c.kind}
            options={KIND_OPTIONS}
            onChange={(k) => set(rule.conditions.map((x, j) => (j === i ? newTagCondition(k) : x)))}
          />
          <ConditionInput c={c} onChange={(n) => set(rule.conditions.map((x, j) => (j === i ? n : x)))} />
          <Button
            aria-label={`删除条件 ${i + 1}`}
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => set(rule.conditions.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled || rule.conditions.length >= TAG_CONDITIONS_MAX}
        onClick={() => set([...rule.conditions, newTagCondition('spend')])}
      >
        添加条件
      </Button>
      {rule.conditions.length > 0 && (
        <div style={{ color: '#8c8c8c', marginTop: 4 }}>
          {rule.conditions.map((c) => TAG_RULE_KINDS[c.kind].hint).join('；')}
        </div>
      )}
    </div>
  );
}
