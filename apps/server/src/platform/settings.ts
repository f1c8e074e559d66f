/**
 * Reads the settings of contract/settings (stored in app_setting under `setting.<key>`); a
 * setting never changed answers its declared default.
 */
import { ERR } from '@zb/contract/errcodes';
import {
  type IntSettingKey,
  SETTINGS,
  type SettingKey,
  type SettingValue,
  type SwitchSettingKey,
  settingSchema,
  type UrlSettingKey,
} from '@zb/contract/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recordOperation } from './audit';
import { BizError } from './errors';
import { appSetting } from './schema';
import { settingChange } from './settingsSchema';

export const settingRowKey = (key: SettingKey): string => `setting.${key}`;

const readAny = async (db: Db, key: SettingKey): Promise<SettingValue> => {
  const [row] = await db
    .select({ value: appSetting.value })
    .from(appSetting)
    .where(eq(appSetting.key, settingRowKey(key)));
  if (!row) return SETTINGS[key].default;
  const parsed = settingSchema(key).safeParse(row.value);
  return parsed.success ? parsed.data : SETTINGS[key].default;
};

export const readSetting = (db: Db, key: IntSettingKey): Promise<number> => readAny(db, key) as Promise<number>;

export const readTextSetting = (db: Db, key: UrlSettingKey): Promise<string> => readAny(db, key) as Promise<string>;

/** Any setting's value, as /configUtils shows it. */
export const readSettingValue = readAny;

/**
 * Changes a setting: validated with its schema, written with its history row and its
 * operation-log row in the caller's transaction. Answers the stored value.
 */
export const writeSetting = async (
  tx: Db,
  key: SettingKey,
  value: unknown,
  userId: number | null,
): Promise<SettingValue> => {
  const parsed = settingSchema(key).safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '配置值无效';
    throw new BizError(ERR.PARAM_INVALID, message, { fields: { value: message } });
  }
  const oldValue = String(await readAny(tx, key));
  const newValue = String(parsed.data);
  const now = new Date();
  await tx
    .insert(appSetting)
    .values({ key: settingRowKey(key), value: newValue, updatedAt: now })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: newValue, updatedAt: now } });
  await tx.insert(settingChange).values({ key, oldValue, newValue, userId, at: now });
  await recordOperation(tx, {
    userId,
    action: 'updateSetting',
    target: `setting:${key}`,
    before: { value: oldValue },
    after: { value: newValue },
  });
  return parsed.data;
};

/** A switch's state: true when 开启. */
export const readSwitch = async (db: Db, key: SwitchSettingKey): Promise<boolean> => (await readAny(db, key)) === 1;
