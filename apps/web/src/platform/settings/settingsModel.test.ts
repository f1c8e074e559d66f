import { describe, expect, it } from 'vitest';
import { boundsText, checkSettingValue } from './settingsModel';

describe('a typed setting value', () => {
  it('is accepted within its bounds, as a whole number', () => {
    expect(checkSettingValue('operationLogRetentionDays', 90)).toEqual({ ok: true, value: 90 });
    expect(checkSettingValue('operationLogRetentionDays', '365')).toEqual({ ok: true, value: 365 });
  });

  it('is refused with the same Chinese message the server gives', () => {
    expect(checkSettingValue('operationLogRetentionDays', 5)).toEqual({
      ok: false,
      message: '操作日志保留天数不能小于 30天',
    });
    expect(checkSettingValue('uploadMaxKb', 20000)).toEqual({ ok: false, message: '图片上传大小上限不能大于 10240KB' });
    expect(checkSettingValue('uploadMaxKb', 1.5)).toEqual({ ok: false, message: '图片上传大小上限须为整数' });
    expect(checkSettingValue('uploadMaxKb', null)).toEqual({ ok: false, message: '请填写配置值' });
    expect(checkSettingValue('nope', 1)).toEqual({ ok: false, message: '配置项不存在' });
  });
});

it('shows the bounds with their unit and the default', () => {
  expect(boundsText({ min: 30, max: 3650, unit: '天', default: 180 })).toBe('30 – 3650 天，默认 180 天');
});

it('checks a web-address setting as the server does, and says what it takes', () => {
  expect(checkSettingValue('realCardClaimUrl', ' https://h5.zb.cn/claim ')).toEqual({
    ok: true,
    value: 'https://h5.zb.cn/claim',
  });
  expect(checkSettingValue('realCardClaimUrl', 'h5.zb.cn/claim')).toEqual({
    ok: false,
    message: '实体卡领取地址须为 http:// 或 https:// 开头的网址',
  });
  expect(boundsText({ type: 'url', min: 1, max: 200, unit: '', default: 'https://m.example.com/claim' })).toBe(
    'http(s) 网址，最多 200 个字符',
  );
});

it('takes a switch as 开启 (1) or 关闭 (0) and says its default', () => {
  expect(checkSettingValue('abnormalScanEnabled', 0)).toEqual({ ok: true, value: 0 });
  expect(checkSettingValue('abnormalScanEnabled', true)).toEqual({ ok: true, value: 1 });
  expect(checkSettingValue('abnormalScanEnabled', 2)).toEqual({ ok: false, message: '异常开单自动识别须为开启或关闭' });
  expect(boundsText({ type: 'switch', min: 0, max: 1, unit: '', default: 1 })).toBe('开启 / 关闭，默认开启');
});
