/**
 * The phone input's rules (SPEC §5), headless: digits only up to PHONE_MAX_LENGTH, the area
 * chosen from the digit count, the 8-digit warning that clears a non-8-digit area, and the
 * areas that do not fit the digits entered disabled.
 */
import type { AreaCodeEntry } from '@zb/contract/api/auth';
import { areaFits, autoArea, DEFAULT_AREA_CODE, normalizePhone } from '@zb/contract/phone';
import { useEffect, useState } from 'react';
import { loadAreaCodes } from './areaCodes';

export interface PhoneValue {
  areaCode: string;
  phone: string;
}

export const EMPTY_PHONE: PhoneValue = { areaCode: DEFAULT_AREA_CODE, phone: '' };

/** The next value after typing, and the warning to show, if any. */
export const typePhone = (current: PhoneValue, raw: string): { value: PhoneValue; warning?: string } => {
  const phone = normalizePhone(raw);
  const choice = autoArea(phone, current.areaCode);
  return { value: { areaCode: choice.areaCode, phone }, warning: choice.warning };
};

export interface AreaOption {
  value: string;
  label: string;
  disabled: boolean;
}

export const areaOptions = (areas: readonly AreaCodeEntry[], phone: string): AreaOption[] =>
  areas.map((a) => ({
    value: a.areaCode,
    label: `${a.name} +${a.areaCode.replace(/^00/, '')}`,
    disabled: !areaFits(a.areaCode, phone),
  }));

export const useAreaCodes = (): AreaCodeEntry[] => {
  const [areas, setAreas] = useState<AreaCodeEntry[]>([]);
  useEffect(() => {
    let live = true;
    loadAreaCodes()
      .then((list) => live && setAreas(list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return areas;
};
