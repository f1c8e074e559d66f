/** 刷新权限缓存 (/configUtils), after its confirm. */
import { useMutation } from '@tanstack/react-query';
import { confirm } from '../../platform/alerts';
import { refreshPermissions } from './api';

/** `run` answers false when cancelled or refused. */
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
