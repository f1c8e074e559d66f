import { describe, expect, it } from 'vitest';
import { DEFAULT_AREA_CODE as CONSTANT_DEFAULT } from './constants';
import {
  AREA_CODES,
  areaFits,
  autoArea,
  DEFAULT_AREA_CODE,
  findArea,
  normalizePhone,
  PHONE_MSG,
  validatePhone,
} from './phone';

const EIGHT_DIGIT_WARNING = '您输入的号码为8位，请选择中国香港、中国澳门或新加坡区号';
const EIGHT_DIGIT_AREAS = ['00852', '00853', '0065'];

const digits = (n: number, first = '1') => `${first}234567890123456`.slice(0, n);

describe('area codes', () => {
  it('offers the mainland, Hong Kong, Macao and Singapore, defaulting to the mainland', () => {
    expect(AREA_CODES.map((a) => [a.areaCode, a.name, a.digits])).toEqual([
      ['0086', '中国大陆', 11],
      ['00852', '中国香港', 8],
      ['00853', '中国澳门', 8],
      ['0065', '新加坡', 8],
    ]);
    expect(DEFAULT_AREA_CODE).toBe('0086');
    expect(CONSTANT_DEFAULT).toBe('0086');
    expect(findArea('0001')).toBeUndefined();
  });
});

describe('validatePhone', () => {
  it('accepts 11 digits starting with 1 for 0086 only', () => {
    expect(validatePhone('0086', '13800000001')).toBeNull();
    expect(validatePhone('0086', '23800000001')).toBe(PHONE_MSG.invalidMainland);
    for (const area of EIGHT_DIGIT_AREAS) expect(validatePhone(area, '13800000001'), area).toBe(PHONE_MSG.invalidEight);
  });

  it('refuses 7 and 12 digits for 0086', () => {
    expect(validatePhone('0086', digits(7))).toBe(PHONE_MSG.invalidMainland);
    expect(validatePhone('0086', digits(12))).toBe(PHONE_MSG.invalidMainland);
  });

  it('answers 8 digits with 0086 with the eight-digit warning', () => {
    expect(validatePhone('0086', '12345678')).toBe(EIGHT_DIGIT_WARNING);
  });

  it('accepts exactly 8 digits for 00852, 00853 and 0065', () => {
    for (const area of EIGHT_DIGIT_AREAS) {
      expect(validatePhone(area, '61234567'), area).toBeNull();
      expect(validatePhone(area, digits(7, '6')), area).toBe(PHONE_MSG.invalidEight);
      expect(validatePhone(area, digits(11, '6')), area).toBe(PHONE_MSG.invalidEight);
      expect(validatePhone(area, digits(12, '6')), area).toBe(PHONE_MSG.invalidEight);
    }
  });

  it('asks for the number, digits only, at most 15', () => {
    expect(validatePhone('0086', '')).toBe(PHONE_MSG.required);
    expect(validatePhone('0086', '138-0000-0001')).toBe(PHONE_MSG.digitsOnly);
    expect(validatePhone('0086', digits(16))).toBe(PHONE_MSG.tooLong);
  });

  it('asks for an area when none is chosen, and warns for 8 digits without one', () => {
    expect(validatePhone('', '13800000001')).toBe(PHONE_MSG.areaRequired);
    expect(validatePhone('', '61234567')).toBe(EIGHT_DIGIT_WARNING);
  });
});

describe('autoArea', () => {
  it('chooses 0086 for 11 digits, whatever the current area', () => {
    for (const current of ['0086', '00852', '0065', '']) {
      expect(autoArea('13800000001', current), current).toEqual({ areaCode: '0086' });
    }
  });

  it('keeps an eight-digit area for 8 digits', () => {
    for (const area of EIGHT_DIGIT_AREAS) expect(autoArea('61234567', area), area).toEqual({ areaCode: area });
  });

  it('clears 0086 or an empty area for 8 digits, with the warning', () => {
    expect(autoArea('61234567', '0086')).toEqual({ areaCode: '', warning: EIGHT_DIGIT_WARNING });
    expect(autoArea('61234567', '')).toEqual({ areaCode: '', warning: EIGHT_DIGIT_WARNING });
    expect(PHONE_MSG.eightDigits).toBe(EIGHT_DIGIT_WARNING);
  });

  it('keeps the current area for other lengths', () => {
    for (const n of [0, 1, 7, 9, 10, 12, 15]) {
      expect(autoArea(digits(n), '00852'), String(n)).toEqual({ areaCode: '00852' });
      expect(autoArea(digits(n), '0086'), String(n)).toEqual({ areaCode: '0086' });
    }
  });
});

describe('areaFits', () => {
  const fits = (area: string) => [0, 7, 8, 9, 11, 12].map((n) => areaFits(area, digits(n)));

  it('disables 0086 for 8 digits and beyond 11', () => {
    // digits:          0     7     8      9     11    12
    expect(fits('0086')).toEqual([true, true, false, true, true, false]);
  });

  it('disables the eight-digit areas beyond 8 digits', () => {
    for (const area of EIGHT_DIGIT_AREAS) {
      expect(fits(area), area).toEqual([true, true, true, false, false, false]);
    }
  });

  it('never fits an unknown area', () => {
    expect(areaFits('0001', '')).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('keeps digits only', () => {
    expect(normalizePhone('138 0000-0001')).toBe('13800000001');
    expect(normalizePhone('+86 (138)abc')).toBe('86138');
    expect(normalizePhone('')).toBe('');
  });

  it('cuts at 15 digits', () => {
    expect(normalizePhone('1234567890123456789')).toBe('123456789012345');
    expect(normalizePhone('1234567890123456789')).toHaveLength(15);
  });
});
