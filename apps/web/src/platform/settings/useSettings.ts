/**
 * A settings page's calls (/configUtils, /otherConfig, /shrConfig), their TanStack Query keys and
 * hooks: its settings, their history, a change.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsApi } from '@zb/contract/api/configUtils';
import { call } from '../http';

export const settingKeys = (api: SettingsApi) => ({
  all: ['settings', api.page] as const,
  list: ['settings', api.page, 'list'] as const,
  history: (pageNo: number, pageSize: number) => ['settings', api.page, 'history', pageNo, pageSize] as const,
});

const listSettings = (api: SettingsApi) => call(api.list);

const updateSetting = (api: SettingsApi, key: string, value: number | string) =>
  call(api.update, { body: { key, value } as never });

const settingHistory = (api: SettingsApi, pageNo: number, pageSize: number) =>
  call(api.history, { query: { pageNo, pageSize } });

export const useSettings = (api: SettingsApi) => {
  const queryClient = useQueryClient();
  const keys = settingKeys(api);
  const list = useQuery({ queryKey: keys.list, queryFn: () => listSettings(api) });
  const save = useMutation({
    mutationFn: (v: { key: string; value: number | string }) => updateSetting(api, v.key, v.value),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
  return { settings: list.data ?? [], loading: list.isLoading, save };
};

export const useSettingHistory = (api: SettingsApi, open: boolean, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: settingKeys(api).history(pageNo, pageSize),
    queryFn: () => settingHistory(api, pageNo, pageSize),
    enabled: open,
    placeholderData: keepPreviousData,
  });
