/** A settings page's data and actions: its settings, their history, a change; the permissions refresh. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsApi } from '@zb/contract/api/configUtils';
import { confirm } from '../../platform/alerts';
import { listSettings, refreshPermissions, settingHistory, settingKeys, updateSetting } from './api';

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

/** 刷新权限缓存 (/configUtils), after its confirm; `run` answers false when cancelled or refused. */
export const useRefreshPermissions = () => {
  const refresh = useMutation({ mutationFn: refreshPermissions });
  const run = async (): Promise<boolean> => {
    if (!(await confirm('确定刷新权限缓存？所有服务实例将重新读取角色权限。'))) return false;
    try {
      await refresh.mutateAsync();
      return true;
    } catch {
      return false;
    }
  };
  return { run, pending: refresh.isPending };
};

export const useSettingHistory = (api: SettingsApi, open: boolean, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: settingKeys(api).history(pageNo, pageSize),
    queryFn: () => settingHistory(api, pageNo, pageSize),
    enabled: open,
    placeholderData: keepPreviousData,
  });
