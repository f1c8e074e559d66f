/** The settings pages' decisions without React: the bounds text and the check of a typed value. */
import type { SettingRow } from '@zb/contract/api/configUtils';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { isSettingKey, type SettingPage, type SettingValue, settingSchema } from '@zb/contract/settings';

/** The code of a settings page's 修改 button. */
export const editCodeOf = (page: SettingPage): string => buttonCodeOf(page, 'edit');

/** '30 – 3650 天，默认 180 天'; a web address: 'http(s) 网址，最多 200 个字符'; a switch: '开启 / 关闭，默认开启' */
export const boundsText = (
  s: Pick<SettingRow, 'min' | 'max' | 'unit' | 'default'> & { type?: SettingRow['type'] },
): string => {
  if (s.type === 'url') return `http(s) 网址，最多 ${s.max} 个字符`;
  if (s.type === 'switch') return `开启 / 关闭，默认${s.default === 1 ? '开启' : '关闭'}`;
  return `${s.min} – ${s.max} ${s.unit}，默认 ${s.default} ${s.unit}`;
};

/** The value to send, or the Chinese reason it cannot be (the same schema the server checks with). */
export const checkSettingValue = (
  key: string,
  typed: string | number | boolean | null | undefined,
): { ok: true; value: SettingValue } | { ok: false; message: string } => {
  if (!isSettingKey(key)) return { ok: false, message: '配置项不存在' };
  if (typed === null || typed === undefined || String(typed).trim() === '')
    return { ok: false, message: '请填写配置值' };
  const parsed = settingSchema(key).safeParse(typed);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? '配置值无效' };
};
