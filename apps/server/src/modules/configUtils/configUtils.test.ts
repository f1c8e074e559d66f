import { CONFIG_API, OTHER_CONFIG_API, SHR_SETTINGS_API, SMS_SETTINGS_API } from '@zb/contract/api/configUtils';
import { ERR } from '@zb/contract/errcodes';
import { SETTINGS, settingKeysOf } from '@zb/contract/settings';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSetting, operationLog } from '../../platform/schema';
import { readSetting, readSwitch } from '../../platform/settings';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';

let t: TestApp;
let admin: TestClient;
let region: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  region = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const permissionsVersion = async () =>
  (await t.db.select().from(appSetting).where(eq(appSetting.key, 'permissions_version')))[0]?.value;

describe('the settings list', () => {
  it('lists every declared setting with its bounds and default, and never a secret', async () => {
    const rows = ok(await admin.call(CONFIG_API.list));
    expect(rows.map((r) => r.key)).toEqual(settingKeysOf('/configUtils'));
    expect(rows.find((r) => r.key === 'operationLogRetentionDays')).toMatchObject({
      label: '操作日志保留天数',
      value: 180,
      default: 180,
      min: 30,
      max: 3650,
      unit: '天',
      updatedBy: null,
    });
    const secrets = (await t.db.select({ value: appSetting.value }).from(appSetting)).map((r) => r.value);
    const raw = JSON.stringify(rows);
    for (const s of secrets.filter((v) => v.length > 12)) expect(raw).not.toContain(s);
  });
});

describe('a change', () => {
  it('is stored, shown with who and when, kept in the history and the operation log', async () => {
    const row = ok(await admin.call(CONFIG_API.update, { body: { key: 'exportRetentionDays', value: 14 } }));
    expect(row).toMatchObject({ key: 'exportRetentionDays', value: 14, updatedBy: '系统管理员' });
    expect(row.updatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await readSetting(t.db, 'exportRetentionDays')).toBe(14);
    ok(await admin.call(CONFIG_API.update, { body: { key: 'exportRetentionDays', value: '21' } }));
    const history = ok(await admin.call(CONFIG_API.history, { query: { key: 'exportRetentionDays' } }));
    expect(history.total).toBe(2);
    expect(history.list.map((h) => [h.oldValue, h.newValue, h.label, h.userName])).toEqual([
      ['14', '21', '导出文件保留天数', '系统管理员'],
      ['7', '14', '导出文件保留天数', '系统管理员'],
    ]);
    const [op] = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'updateSetting'))
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(op).toMatchObject({
      target: 'setting:exportRetentionDays',
      before: { value: '14' },
      after: { value: '21' },
    });
  });

  it('out of bounds, not a whole number or an unknown key is a Chinese field error and changes nothing', async () => {
    const low = await admin.call(CONFIG_API.update, { body: { key: 'operationLogRetentionDays', value: 5 } });
    expect(low.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(low.body).value).toBe('操作日志保留天数不能小于 30天');
    const high = await admin.call(CONFIG_API.update, { body: { key: 'uploadMaxKb', value: 99999 } });
    expect(fieldsOf(high.body).value).toBe('图片上传大小上限不能大于 10240KB');
    const frac = await admin.call(CONFIG_API.update, { body: { key: 'uploadMaxKb', value: 1.5 } });
    expect(fieldsOf(frac.body).value).toBe('图片上传大小上限须为整数');
    const text = await admin.call(CONFIG_API.update, { body: { key: 'uploadMaxKb', value: 'abc' } });
    expect(fieldsOf(text.body).value).toBe('图片上传大小上限须为整数');
    const unknown = await admin.call(CONFIG_API.update, { body: { key: 'cipher_secret', value: 1 } });
    expect(unknown.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(fieldsOf(unknown.body).key).toBe('配置项不存在');
    expect(await readSetting(t.db, 'operationLogRetentionDays')).toBe(180);
    expect(await readSetting(t.db, 'uploadMaxKb')).toBe(SETTINGS.uploadMaxKb.default);
  });
});

describe('刷新权限缓存', () => {
  it('bumps the permissions version, in the operation log', async () => {
    const before = Number(await permissionsVersion());
    const { version } = ok(await admin.call(CONFIG_API.refreshPermissions));
    expect(Number(version)).toBe(before + 1);
    expect(await permissionsVersion()).toBe(version);
    const [op] = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'refreshPermissions'))
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(op?.after).toEqual({ version });
  });
});

describe('permissions', () => {
  it('a user without /configUtils is refused with AUTH-40301 and changes nothing', async () => {
    for (const res of [
      await region.call(CONFIG_API.list),
      await region.call(CONFIG_API.history),
      await region.call(CONFIG_API.update, { body: { key: 'uploadMaxKb', value: 200 } }),
      await region.call(CONFIG_API.refreshPermissions),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
    expect(await readSetting(t.db, 'uploadMaxKb')).toBe(SETTINGS.uploadMaxKb.default);
  });
});

describe('/otherConfig', () => {
  it("lists the business settings only, and each page's settings are the declared ones, once", async () => {
    const rows = ok(await admin.call(OTHER_CONFIG_API.list));
    expect(rows.map((r) => r.key)).toEqual(settingKeysOf('/otherConfig'));
    expect(rows.map((r) => r.key)).toContain('pointsPerYuan');
    expect(rows.find((r) => r.key === 'abnormalScanEnabled')).toMatchObject({
      type: 'switch',
      label: '异常开单自动识别',
      value: 1,
      default: 1,
      min: 0,
      max: 1,
    });
    const system = ok(await admin.call(CONFIG_API.list)).map((r) => r.key);
    const shr = ok(await admin.call(SHR_SETTINGS_API.list)).map((r) => r.key);
    expect(shr).toEqual(settingKeysOf('/shrConfig'));
    const sms = ok(await admin.call(SMS_SETTINGS_API.list)).map((r) => r.key);
    expect(sms).toEqual(settingKeysOf('/SMSmessage'));
    expect([...system, ...rows.map((r) => r.key), ...shr, ...sms].sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  it('turns a switch off and on, shown as 关闭/开启 in its own history, not in /configUtils', async () => {
    const off = ok(await admin.call(OTHER_CONFIG_API.update, { body: { key: 'abnormalScanEnabled', value: 0 } }));
    expect(off).toMatchObject({ value: 0, updatedBy: '系统管理员' });
    expect(await readSwitch(t.db, 'abnormalScanEnabled')).toBe(false);
    ok(await admin.call(OTHER_CONFIG_API.update, { body: { key: 'abnormalScanEnabled', value: true } as never }));
    expect(await readSwitch(t.db, 'abnormalScanEnabled')).toBe(true);
    const history = ok(await admin.call(OTHER_CONFIG_API.history, { query: {} }));
    expect(history.list.slice(0, 2).map((h) => [h.label, h.oldValue, h.newValue])).toEqual([
      ['异常开单自动识别', '关闭', '开启'],
      ['异常开单自动识别', '开启', '关闭'],
    ]);
    const system = ok(await admin.call(CONFIG_API.history, { query: {} }));
    expect(system.list.map((h) => h.key)).not.toContain('abnormalScanEnabled');
  });

  it("refuses another page's key, a switch that is neither on nor off, and a threshold out of bounds", async () => {
    const theirs = await admin.call(OTHER_CONFIG_API.update, { body: { key: 'uploadMaxKb', value: 200 } as never });
    expect(fieldsOf(theirs.body).key).toBe('配置项不存在');
    const ours = await admin.call(CONFIG_API.update, { body: { key: 'abnormalDuplicateMinutes', value: 5 } as never });
    expect(fieldsOf(ours.body).key).toBe('配置项不存在');
    const neither = await admin.call(OTHER_CONFIG_API.update, { body: { key: 'abnormalScanEnabled', value: 2 } });
    expect(fieldsOf(neither.body).value).toBe('异常开单自动识别须为开启或关闭');
    const high = await admin.call(OTHER_CONFIG_API.update, {
      body: { key: 'abnormalAmountLimitYuan', value: 99_999_999 },
    });
    expect(fieldsOf(high.body).value).toBe('单据金额上限不能大于 10000000元');
    expect(await readSetting(t.db, 'uploadMaxKb')).toBe(SETTINGS.uploadMaxKb.default);
    expect(await readSetting(t.db, 'abnormalDuplicateMinutes')).toBe(10);
    expect(await readSetting(t.db, 'abnormalAmountLimitYuan')).toBe(10_000);
  });

  it('is refused to a user without /otherConfig, and changes nothing', async () => {
    for (const res of [
      await region.call(OTHER_CONFIG_API.list),
      await region.call(OTHER_CONFIG_API.update, { body: { key: 'pointsPerYuan', value: 3 } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
    expect(await readSetting(t.db, 'pointsPerYuan')).toBe(SETTINGS.pointsPerYuan.default);
  });
});
