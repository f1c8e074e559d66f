import { describe, expect, it } from 'vitest';
import * as C from './constants';
import { AREA_CODES } from './phone';

describe('SPEC §9 constants', () => {
  it('passwords are 6 to 32 characters; the login form allows a 15-character account', () => {
    expect(C.PASSWORD_MIN_LENGTH).toBe(6);
    expect(C.PASSWORD_MAX_LENGTH).toBe(32);
    expect(C.LOGIN_ACCOUNT_MAX_LENGTH).toBe(15);
    expect(C.LOGIN_PASSWORD_MAX_LENGTH).toBe(32);
    expect(C.STORE_EMPLOYEE_ACCOUNT_PREFIX).toBe('SYYG');
  });

  it('polls the approval every 5 seconds and caches area codes for 5 minutes', () => {
    expect(C.APPROVAL_POLL_INTERVAL_MS).toBe(5000);
    expect(C.AREA_CODE_CACHE_MS).toBe(300000);
  });

  it('phones have 11 digits in 0086 and 8 elsewhere, default 0086, at most 15', () => {
    expect(Object.fromEntries(AREA_CODES.map((a) => [a.areaCode, a.digits]))).toEqual({
      '0086': 11,
      '00852': 8,
      '00853': 8,
      '0065': 8,
    });
    expect(C.DEFAULT_AREA_CODE).toBe('0086');
    expect(C.PHONE_MAX_LENGTH).toBe(15);
  });

  it('shows at most 10 shortcuts, 5 per row', () => {
    expect(C.SHORTCUT_MAX).toBe(10);
    expect(C.SHORTCUTS_PER_ROW).toBe(5);
  });

  it('opens roles with id 5 or lower in a new tab', () => {
    expect(C.NEW_TAB_MAX_ROLE_ID).toBe(5);
  });

  it('fetches notices one at a time and watermarks the last 8 characters', () => {
    expect(C.NOTICE_PAGE_SIZE).toBe(1);
    expect(C.WATERMARK_CHARS).toBe(8);
  });

  it('slides the menu in 200 ms after a 300 ms hover and throttles submits for 500 ms', () => {
    expect(C.MENU_SLIDE_MS).toBe(200);
    expect(C.MENU_HOVER_DELAY_MS).toBe(300);
    expect(C.SUBMIT_THROTTLE_MS).toBe(500);
  });

  it('names the administrator role and the data levels in Chinese', () => {
    expect(C.ADMIN_ROLE_NAME).toBe('系统管理员');
    expect(Object.values(C.HIER_LEVELS)).toEqual(['总部', '大区', '门店']);
  });
});

describe('accountVersion', () => {
  it('joins the login name and the created date with a bar', () => {
    expect(C.accountVersion('13800000001', '2024-01-01 00:00:00')).toBe('13800000001|2024-01-01 00:00:00');
    expect(C.ACCOUNT_VERSION_HEADER).toBe('account-version');
  });
});
