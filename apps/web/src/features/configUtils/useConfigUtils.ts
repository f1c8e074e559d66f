/** The /configUtils page's data and actions: settings, their history, a change, the permissions refresh. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../platform/alerts';
import { CONFIG_KEYS, listSettings, refreshPermissions, settingHistory, updateSetting } from './api';

export const useSettings = () => {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: CONFIG_KEYS.list, queryFn: listSettings });
  const save = useMutation({
    mutationFn: (v: { key: string; value: number | string }) => updateSetting(v.key, v.value),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CONFIG_KEYS.all }),
  });
  const refresh = useMutation({ mutationFn: refreshPermissions });
  /** 刷新权限缓存, after its confirm; false when cancelled or refused. */
  const refreshCache = async (): Promise<boolean> => {
    if (!(await confirm('确定刷新权限缓存？所有服务实例将重新读取角色权限。'))) return false;
    try {
      await refresh.mutateAsync();
      return true;
    } catch {
      return false;
    }
  };
  return { settings: list.data ?? [], loading: list.isLoading, save, refreshCache, refreshing: refresh.isPending };
};

export const useSettingHistory = (open: boolean, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: CONFIG_KEYS.history(pageNo, pageSize),
    queryFn: () => settingHistory(pageNo, pageSize),
    enabled: open,
    placeholderData: keepPreviousData,
  });
