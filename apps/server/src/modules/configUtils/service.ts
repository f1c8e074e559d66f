/**
 * /configUtils and /otherConfig: a page's declared settings with their current value and last
 * change, their history, a change; and /configUtils' permissions-cache refresh. Only
 * contract/settings keys of the page are ever read here, so the secrets kept in app_setting
 * never leave the server.
 */
import type { SettingChangeRow, SettingRow } from '@zb/contract/api/configUtils';
import type { Page } from '@zb/contract/api/paging';
import {
  SETTINGS,
  type SettingDef,
  type SettingKey,
  type SettingPage,
  type SettingValue,
  settingKeysOf,
  settingValueText,
} from '@zb/contract/settings';
import { formatDateTime } from '@zb/contract/time';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { PERMISSIONS_VERSION } from '../../platform/roleCodes';
import { appSetting } from '../../platform/schema';
import { readSettingValue, writeSetting } from '../../platform/settings';
import { settingChange } from '../../platform/settingsSchema';
import { userAccount } from '../accounts/schema';

const lastChange = async (db: Db, key: SettingKey) => {
  const [row] = await db
    .select({ userName: userAccount.nickname, at: settingChange.at })
    .from(settingChange)
    .leftJoin(userAccount, eq(userAccount.id, settingChange.userId))
    .where(eq(settingChange.key, key))
    .orderBy(desc(settingChange.at), desc(settingChange.id))
    .limit(1);
  return row ?? null;
};

const settingRow = async (db: Db, key: SettingKey): Promise<SettingRow> => {
  const def: SettingDef = SETTINGS[key];
  const last = await lastChange(db, key);
  return {
    key,
    type: def.type,
    label: def.label,
    description: def.description,
    value: await readSettingValue(db, key),
    default: def.default,
    unit: def.type === 'int' ? def.unit : '',
    min: def.type === 'int' ? def.min : def.type === 'switch' ? 0 : 1,
    max: def.type === 'switch' ? 1 : def.max,
    updatedBy: last?.userName ?? null,
    updatedAt: last ? formatDateTime(last.at) : null,
  };
};

export const listSettings = async (db: Db, page: SettingPage): Promise<SettingRow[]> => {
  const out: SettingRow[] = [];
  for (const key of settingKeysOf(page)) out.push(await settingRow(db, key));
  return out;
};

export const updateSetting = async (
  db: Db,
  userId: number,
  key: SettingKey,
  value: SettingValue,
): Promise<SettingRow> => {
  await db.transaction((tx) => writeSetting(tx, key, value, userId));
  return settingRow(db, key);
};

/** The changes of the page's settings (of one of them with `key`), latest first. */
export const settingHistory = async (
  db: Db,
  page: SettingPage,
  q: { key?: string | undefined; pageNo: number; pageSize: number },
): Promise<Page<SettingChangeRow>> => {
  const where = and(inArray(settingChange.key, settingKeysOf(page)), q.key ? eq(settingChange.key, q.key) : undefined);
  const [total] = await db.select({ n: count() }).from(settingChange).where(where);
  const rows = await db
    .select({
      id: settingChange.id,
      key: settingChange.key,
      oldValue: settingChange.oldValue,
      newValue: settingChange.newValue,
      userName: userAccount.nickname,
      at: settingChange.at,
    })
    .from(settingChange)
    .leftJoin(userAccount, eq(userAccount.id, settingChange.userId))
    .where(where)
    .orderBy(desc(settingChange.at), desc(settingChange.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    list: rows.map((r) => {
      const key = r.key as SettingKey;
      return {
        ...r,
        label: SETTINGS[key].label,
        oldValue: settingValueText(key, r.oldValue),
        newValue: settingValueText(key, r.newValue),
        at: formatDateTime(r.at),
      };
    }),
    total: total?.n ?? 0,
  };
};

/** Bumps the permissions version: every instance finds its kept role codes stale on its next call. */
export const refreshPermissions = async (db: Db, userId: number): Promise<{ version: string }> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(appSetting)
      .set({ value: sql`(${appSetting.value}::bigint + 1)::text`, updatedAt: new Date() })
      .where(eq(appSetting.key, PERMISSIONS_VERSION))
      .returning({ value: appSetting.value });
    const version = row?.value ?? '0';
    await recordOperation(tx, {
      userId,
      action: 'refreshPermissions',
      target: `app_setting:${PERMISSIONS_VERSION}`,
      after: { version },
    });
    return { version };
  });
