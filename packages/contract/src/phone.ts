/** Phone input with area codes (SPEC §5, §9). Pure functions; the input component renders them. */
import { DEFAULT_AREA_CODE, PHONE_MAX_LENGTH } from './constants';

export interface AreaCodeDef {
  areaCode: string;
  name: string;
  /** Digits a number of this area has. */
  digits: number;
  /** Pattern a full number of this area matches. */
  pattern: RegExp;
}

export const AREA_CODES: readonly AreaCodeDef[] = [
  { areaCode: '0086', name: '中国大陆', digits: 11, pattern: /^1\d{10}$/ },
  { areaCode: '00852', name: '中国香港', digits: 8, pattern: /^\d{8}$/ },
  { areaCode: '00853', name: '中国澳门', digits: 8, pattern: /^\d{8}$/ },
  { areaCode: '0065', name: '新加坡', digits: 8, pattern: /^\d{8}$/ },
];

export const PHONE_MSG = {
  required: '请输入手机号',
  areaRequired: '请选择区号',
  eightDigits: '您输入的号码为8位，请选择中国香港、中国澳门或新加坡区号',
  invalidMainland: '请输入以 1 开头的 11 位手机号',
  invalidEight: '请输入 8 位电话号码',
  digitsOnly: '手机号只能输入数字',
  tooLong: `手机号最多 ${PHONE_MAX_LENGTH} 位`,
} as const;

export const findArea = (areaCode: string): AreaCodeDef | undefined => AREA_CODES.find((a) => a.areaCode === areaCode);

/** Keeps digits only and cuts at the maximum length, as the input does while typing. */
export const normalizePhone = (raw: string): string => raw.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);

/** Whether an area option fits the digits entered so far; options that do not fit are disabled. */
export const areaFits = (areaCode: string, phone: string): boolean => {
  const area = findArea(areaCode);
  if (!area) return false;
  const len = phone.length;
  if (len === 0) return true;
  if (len > area.digits) return false;
  // Eight digits is a complete number of an eight-digit area, never a mainland one.
  return len !== 8 || area.digits === 8;
};

export interface AreaChoice {
  areaCode: string;
  /** Warning to show, when the automatic choice had to clear the area. */
  warning?: string;
}

/**
 * The area chosen automatically from the digit count: eleven digits mean the mainland; eight
 * digits keep an eight-digit area but clear any other, with the warning; other counts keep
 * the current area.
 */
export const autoArea = (phone: string, current: string): AreaChoice => {
  const len = phone.length;
  if (len === 11) return { areaCode: '0086' };
  if (len === 8) {
    const area = findArea(current);
    if (area && area.digits === 8) return { areaCode: current };
    return { areaCode: '', warning: PHONE_MSG.eightDigits };
  }
  return { areaCode: current };
};

/** Validates a complete number against its area; returns the Chinese message, or null when valid. */
export const validatePhone = (areaCode: string, phone: string): string | null => {
  if (!phone) return PHONE_MSG.required;
  if (!/^\d+$/.test(phone)) return PHONE_MSG.digitsOnly;
  if (phone.length > PHONE_MAX_LENGTH) return PHONE_MSG.tooLong;
  const area = findArea(areaCode);
  if (!area) return phone.length === 8 ? PHONE_MSG.eightDigits : PHONE_MSG.areaRequired;
  if (area.pattern.test(phone)) return null;
  if (phone.length === 8 && area.digits !== 8) return PHONE_MSG.eightDigits;
  return area.digits === 11 ? PHONE_MSG.invalidMainland : PHONE_MSG.invalidEight;
};

export { DEFAULT_AREA_CODE };
