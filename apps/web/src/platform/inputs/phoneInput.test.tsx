import type { AreaCodeEntry } from '@zb/contract/api/auth';
import { AREA_CODE_CACHE_MS } from '@zb/contract/constants';
import { PHONE_MSG } from '@zb/contract/phone';
import { describe, expect, it, vi } from 'vitest';
import { AREA_CACHE_KEY, loadAreaCodes, readCachedAreas } from './areaCodes';
import { areaOptions, EMPTY_PHONE, typePhone } from './usePhoneInput';

const AREAS: AreaCodeEntry[] = [
  { areaCode: '0086', name: '中国大陆', def: true },
  { areaCode: '00852', name: '中国香港', def: false },
  { areaCode: '00853', name: '中国澳门', def: false },
  { areaCode: '0065', name: '新加坡', def: false },
];

describe('typing a phone number', () => {
  it('keeps digits only, up to the maximum, on the default area', () => {
    expect(EMPTY_PHONE.areaCode).toBe('0086');
    expect(typePhone(EMPTY_PHONE, '138-0000 0001').value).toEqual({ areaCode: '0086', phone: '13800000001' });
    expect(typePhone(EMPTY_PHONE, '1234567890123456789').value.phone).toHaveLength(15);
  });

  it('an 8-digit number clears a non-8-digit area with the warning, and keeps an 8-digit one', () => {
    const eight = typePhone(EMPTY_PHONE, '91234567');
    expect(eight.value.areaCode).toBe('');
    expect(eight.warning).toBe(PHONE_MSG.eightDigits);
    expect(typePhone({ areaCode: '00852', phone: '' }, '91234567')).toEqual({
      value: { areaCode: '00852', phone: '91234567' },
      warning: undefined,
    });
  });

  it('eleven digits choose the mainland', () => {
    expect(typePhone({ areaCode: '0065', phone: '' }, '13800000001').value.areaCode).toBe('0086');
  });

  it('disables the areas that do not fit the digits', () => {
    const disabled = (phone: string) =>
      areaOptions(AREAS, phone)
        .filter((o) => o.disabled)
        .map((o) => o.value);
    expect(disabled('')).toEqual([]);
    expect(disabled('91234567')).toEqual(['0086']);
    expect(disabled('138000000')).toEqual(['00852', '00853', '0065']);
  });
});

describe('area codes', () => {
  it('are fetched once and cached in the session for AREA_CODE_CACHE_MS', async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ errcode: '0', errmsg: '', data: AREAS }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    let now = 1_000_000;
    expect(await loadAreaCodes(() => now)).toEqual(AREAS);
    expect(await loadAreaCodes(() => now)).toEqual(AREAS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toBe('/jeecg-boot/areaCode/list');
    expect(JSON.parse(sessionStorage.getItem(AREA_CACHE_KEY) ?? '{}').at).toBe(now);
    now += AREA_CODE_CACHE_MS;
    expect(readCachedAreas(now)).toBeNull();
    await loadAreaCodes(() => now);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
