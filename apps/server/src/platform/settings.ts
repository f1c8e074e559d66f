/**
 * Reads the settings of contract/settings (stored in app_setting under `setting.<key>`); a
 * setting never changed answers its declared default.
 */
import { SETTINGS, type SettingKey, settingSchema } from '@zb/contract/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSetting } from './schema';

export const settingRowKey = (key: SettingKey): string => `setting.${key}`;

export const readSetting = async (db: Db, key: SettingKey): Promise<number> => {
  const [row] = await db
    .select({ value: appSetting.value })
    .from(appSetting)
    .where(eq(appSetting.key, settingRowKey(key)));
  if (!row) return SETTINGS[key].default;
  const parsed = settingSchema(key).safeParse(row.value);
  return parsed.success ? parsed.data : SETTINGS[key].default;
};
