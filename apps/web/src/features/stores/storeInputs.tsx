/** The store form's own controls: the region (大区), the boss account, and 省/市/区 by division code. */
import { STORE_API } from '@zb/contract/entities/store';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { RegionCascader } from '../../platform/inputs/RegionCascader';
import type { CustomInputProps, CustomInputs } from '../../platform/resource/customInputs';

/** '440305' → [44, 4403, 440305]; a city without districts ('4419') → [44, 4419]. */
export const cascaderValueOf = (code: unknown): number[] | undefined => {
  if (typeof code !== 'string' || code.length < 4) return undefined;
  const parts = [code.slice(0, 2), code.slice(0, 4)];
  if (code.length > 4) parts.push(code);
  return parts.map(Number);
};

function RegionSelect({ id, value, onChange, disabled }: CustomInputProps) {
  return (
    <LookupSelect
      id={id}
      endpoint={STORE_API.regions}
      disabled={disabled}
      placeholder="请选择大区"
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

function BossSelect({ id, value, onChange, disabled }: CustomInputProps) {
  return (
    <LookupSelect
      id={id}
      endpoint={STORE_API.bosses}
      disabled={disabled}
      placeholder="请选择门店老板账号"
      value={value as number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

function DivisionInput({ id, value, onChange, disabled }: CustomInputProps) {
  return (
    <RegionCascader
      id={id}
      disabled={disabled}
      value={cascaderValueOf(value)}
      onChange={(next) => onChange?.(next?.length ? String(next[next.length - 1]) : null)}
    />
  );
}

export const STORE_INPUTS: CustomInputs = {
  regionId: RegionSelect,
  bossUserId: BossSelect,
  divisionCode: DivisionInput,
};
